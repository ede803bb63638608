// Which card receives a PHYSICAL article (decision 0032): the chosen traveller's usable cards, a new
// card sent by post where the network names its new-card product (decision 0037), and a way to link
// a card, which the list then offers and chooses. A guest is told a new card is sent (see
// GuestNewCard).
import AddCard from '@mui/icons-material/AddCard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { RegisterMediaAnswer } from '@transit-shop/flows/card-link/card-link.machine';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';
import type { Medium } from '@transit-shop/sdk/contract/media';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardLinkDialog } from '../../../components/card-link-dialog.tsx';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import { cardNumberText, useCardDates } from '../../../lib/transport-cards/transport-card-text.ts';
import { useKeepTransportCards } from '../../../lib/transport-cards/transport-cards.ts';
import { type CardChoice as Choice, lacksHolderBirthDate } from '../card-choice-rules.ts';
import type { Traveller } from '../travellers.ts';

/** Where the traveller's birth date is given: the holder's account page, or the traveller's page. */
const profilePathOf = (traveller: Traveller) =>
  traveller.holder ? paths.account : paths.accountProfile.replace(':id', String(traveller.userId));

export function CardChoice({
  userId,
  traveller,
  usable,
  failure,
  newCard,
  value,
  missing,
  onChange,
}: {
  /** The signed-in account holder. */
  userId: number;
  traveller: Traveller;
  /** The traveller's usable cards; null while they are read. */
  usable: readonly Medium[] | null;
  /** Why the cards could not be read. */
  failure: unknown;
  /** The network's new-card product (NET-09); null: it sends no new card by post. */
  newCard: ShopItem | null;
  value: Choice | null;
  /** No choice made when one is needed (an add was refused for it). */
  missing: boolean;
  onChange: (choice: Choice) => void;
}) {
  const { t } = useTranslation();
  const { formatDay } = useCardDates();
  const { network } = useBootstrap();
  const formatPrice = useFormatPrice(network.currency);
  const labelId = useId();
  const missingId = useId();
  const keepCards = useKeepTransportCards(userId);
  const [linking, setLinking] = useState(false);
  // Marked invalid when an add was refused for want of a card: the page then focuses the first one.
  const radio = (
    <Radio
      slotProps={{
        input: { 'aria-invalid': missing ? true : undefined } as React.InputHTMLAttributes<HTMLInputElement>,
      }}
    />
  );

  const linked = useCallback(
    (answer: RegisterMediaAnswer) => {
      keepCards(answer.medias);
      setLinking(false);
      onChange(answer.media.id);
    },
    [keepCards, onChange],
  );

  return (
    <FormControl error={missing}>
      <FormLabel id={labelId}>{t('products.card.legend')}</FormLabel>
      {usable === null && !failure ? <LinearProgress aria-label={t('products.card.loading')} /> : null}
      {failure ? <FailureAlert failure={failure} /> : null}
      {usable?.length === 0 ? (
        // An explanation, not news: no alert role.
        <Alert severity="info" role="note" sx={{ my: 1 }}>
          {t(newCard ? 'products.card.none' : 'products.card.noneLinkOnly')}
        </Alert>
      ) : null}
      <RadioGroup
        aria-labelledby={labelId}
        aria-describedby={missing ? missingId : undefined}
        name="card"
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === 'new' ? 'new' : Number(event.target.value))}
      >
        {(usable ?? []).map((media) => (
          <FormControlLabel
            key={media.id}
            value={String(media.id)}
            control={radio}
            label={
              <>
                {t('products.card.number', { number: cardNumberText(media.number) })}
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ display: 'block', color: 'text.secondary' }}
                >
                  {media.status === 'ORDERED'
                    ? `${t('products.card.onItsWay')} · ${t('products.card.expires', { date: formatDay(media.expires_at) })}`
                    : t('products.card.expires', { date: formatDay(media.expires_at) })}
                </Typography>
              </>
            }
            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 }, mb: 1 }}
          />
        ))}
        {newCard ? (
          <FormControlLabel
            value="new"
            control={radio}
            label={
              <>
                {t('products.card.new')}
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ display: 'block', color: 'text.secondary' }}
                >
                  {t('products.card.newHint', {
                    price: formatPrice(newCard.shopItemPromoPrice ?? newCard.shopItemPrice),
                  })}
                </Typography>
              </>
            }
            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 } }}
          />
        ) : null}
      </RadioGroup>
      {missing ? <FormHelperText id={missingId}>{t('products.card.missing')}</FormHelperText> : null}
      {value === 'new' && lacksHolderBirthDate(traveller) ? (
        // Said before the add: the order would be refused without it (MEDIA_HOLDER_BIRTH_DATE_MISSING).
        <Alert severity="warning" role="note" sx={{ mt: 1 }}>
          {t('products.card.birthDate', { name: traveller.name })}{' '}
          <Link component={LocaleLink} to={profilePathOf(traveller)}>
            {t('products.card.birthDateLink')}
          </Link>
        </Alert>
      ) : null}
      <Box sx={{ mt: 1 }}>
        <Button variant="outlined" startIcon={<AddCard />} onClick={() => setLinking(true)}>
          {t('products.card.link')}
        </Button>
      </Box>
      <CardLinkDialog
        open={linking}
        {...(traveller.holder ? {} : { profileId: traveller.userId })}
        onClose={() => setLinking(false)}
        onLinked={linked}
      />
    </FormControl>
  );
}

/** A guest's PHYSICAL article goes on a new card sent by post. */
export function GuestNewCard() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" role="note">
      {t('products.card.guest')}
    </Alert>
  );
}
