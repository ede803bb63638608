// "Move to another card" (wallet/transferContract, target MEDIA; decision 0032): a dialog listing
// the customer's other cards that can receive the contract (the account's getMedias query), one
// chosen, then the move. Without such a card, it says so and leads to the transport cards page.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Medium } from '@transit-shop/sdk/contract/media';
import type { WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useApiClient } from '../../../lib/api-client.ts';
import { cardNumberText } from '../../../lib/transport-cards/transport-card-text.ts';
import { transportCardsQueryOptions } from '../../../lib/transport-cards/transport-cards.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { moveTicketToCard } from '../api/wallet.ts';
import { receivingCardsOf } from '../lib/receiving-cards.ts';

function CardChoices({
  cards,
  chosen,
  onChoose,
}: {
  cards: readonly Medium[];
  chosen: number | null;
  onChoose: (mediaId: number) => void;
}) {
  const { t } = useTranslation();
  const legendId = useId();
  return (
    <FormControl component="fieldset" sx={{ mt: 2 }}>
      <FormLabel component="legend" id={legendId}>
        {t('wallet.moveToCardChoices')}
      </FormLabel>
      <RadioGroup
        name="mediaId"
        aria-labelledby={legendId}
        value={chosen === null ? '' : String(chosen)}
        onChange={(event) => onChoose(Number(event.target.value))}
      >
        {cards.map((card) => (
          <FormControlLabel
            key={card.id}
            value={String(card.id)}
            control={<Radio />}
            label={cardNumberText(card.number)}
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

export function MoveToCardButton({
  ticket,
  userId,
  onMoved,
}: {
  ticket: WalletTicket;
  /** The signed-in customer, whose cards are listed. */
  userId: number;
  /** Told the number of the card that now has the contract. */
  onMoved: (cardNumber: string) => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const titleId = useId();
  const textId = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const cardsQuery = transportCardsQueryOptions(client, userId, locale);
  const medias = useQuery({ ...cardsQuery, enabled: open });
  const cards = medias.data ? receivingCardsOf(medias.data, ticket, userId) : null;
  // The first card is chosen until the customer picks another.
  const choice = cards?.find((card) => card.id === chosen) ?? cards?.[0] ?? null;
  const move = useMutation({
    mutationFn: (card: Medium) => moveTicketToCard(client, ticket, card.id, locale),
    onSuccess: (_moved, card) => {
      setOpen(false);
      onMoved(card.number);
    },
    // Either way the cards' contracts may have changed: the list is read again when next shown.
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardsQuery.queryKey }),
  });
  const close = () => {
    if (!move.isPending) setOpen(false);
  };
  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          move.reset();
          setChosen(null);
          setOpen(true);
        }}
      >
        {t('wallet.moveToCard')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        aria-describedby={textId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>{t('wallet.moveToCardTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            {t('wallet.moveToCardText', { name: ticket.name })}
          </DialogContentText>
          {medias.isPending ? <LinearProgress aria-label={t('common.loading')} sx={{ mt: 2 }} /> : null}
          {medias.isError ? <FailureAlert failure={medias.error} /> : null}
          {cards && cards.length === 0 ? (
            <Alert severity="info" role="note" sx={{ mt: 2 }}>
              {t('wallet.moveToCardNone')}{' '}
              <Link component={LocaleLink} to={paths.accountTransportCards}>
                {t('wallet.moveToCardManage')}
              </Link>
            </Alert>
          ) : null}
          {cards && cards.length > 0 ? (
            <CardChoices cards={cards} chosen={choice?.id ?? null} onChoose={setChosen} />
          ) : null}
          {move.isError ? <FailureAlert failure={move.error} /> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={move.isPending}>
            {t('wallet.cancel')}
          </Button>
          {choice ? (
            <Button variant="contained" loading={move.isPending} onClick={() => move.mutate(choice)}>
              {t('wallet.moveToCardConfirm')}
            </Button>
          ) : null}
        </DialogActions>
      </Dialog>
    </>
  );
}
