// One transport card of the account (MEDIA-01): its number grouped by four, its last valid day, its
// status (a new card on its way by post: decision 0037), the incident reported on it, the contracts on
// it (loaded, or waiting for the card's next validation), and the Remove (MEDIA-03) and Report an
// incident (MEDIA-06) actions.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { Medium, MediumContract } from '@transit-shop/sdk/contract/media';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { cardNumberText, useCardDates } from '../../../lib/transport-cards/transport-card-text.ts';
import { hasPassesToMove, MovePassesLink } from './move-passes-link.tsx';
import { TransportCardStatus } from './transport-card-status.tsx';

function ContractLine({ contract, onItsWay }: { contract: MediumContract; onItsWay: boolean }) {
  const { t } = useTranslation();
  const { formatInstant } = useCardDates();
  const loaded = contract.loading === 'LOADED' && contract.loadedAt !== null;
  return (
    <Box component="li" sx={{ py: 0.5 }}>
      <Typography component="span" sx={{ fontWeight: 'fontWeightMedium' }}>
        {contract.productName}
      </Typography>
      <Typography component="span" sx={{ display: 'block', typography: 'body2', color: 'text.secondary' }}>
        {loaded
          ? t('account.transportCards.loadedOn', { date: formatInstant(contract.loadedAt as string) })
          : t(onItsWay ? 'account.transportCards.toLoadOnItsWay' : 'account.transportCards.toLoad')}
      </Typography>
    </Box>
  );
}

export function TransportCardItem({
  media,
  travellerName,
  onRemove,
}: {
  media: Medium;
  /** The traveller the card is paired with, null for the holder's own card. */
  travellerName: string | null;
  onRemove: (media: Medium) => void;
}) {
  const { t } = useTranslation();
  const { formatDay, formatInstant } = useCardDates();
  const titleId = useId();
  const contractsId = useId();
  const number = cardNumberText(media.number);

  return (
    <ListItem
      divider
      aria-labelledby={titleId}
      sx={{
        px: 0,
        py: 2,
        display: 'block',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
        <Typography
          id={titleId}
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 'fontWeightMedium', fontVariantNumeric: 'tabular-nums' }}
        >
          {t('account.transportCards.cardTitle', { number })}
        </Typography>
        <TransportCardStatus status={media.status} />
      </Box>
      <Typography sx={{ typography: 'body2', color: 'text.secondary', mt: 0.5 }}>
        {t('account.transportCards.expires', { date: formatDay(media.expires_at) })}
      </Typography>
      {media.status === 'ORDERED' ? (
        <Typography sx={{ typography: 'body2', color: 'text.secondary' }}>
          {t('account.transportCards.onItsWay')}
        </Typography>
      ) : null}
      {travellerName ? (
        <Typography sx={{ typography: 'body2', color: 'text.secondary' }}>
          {t('account.transportCards.traveller', { name: travellerName })}
        </Typography>
      ) : null}
      {media.incident ? (
        <Typography sx={{ typography: 'body2', color: 'text.secondary' }}>
          {t('account.transportCards.incidentOn', {
            kind: t(`account.transportCards.incident.kinds.${media.incident.kind}`),
            date: formatInstant(media.incident.reportedAt),
          })}
        </Typography>
      ) : null}

      <Typography
        id={contractsId}
        component="h4"
        sx={{ typography: 'body2', fontWeight: 'fontWeightMedium', mt: 2 }}
      >
        {t('account.transportCards.contracts')}
      </Typography>
      {media.contracts.length === 0 ? (
        <Typography sx={{ typography: 'body2', color: 'text.secondary' }}>
          {t('account.transportCards.noContracts')}
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby={contractsId} sx={{ m: 0, paddingInlineStart: 2.5 }}>
          {media.contracts.map((contract) => (
            <ContractLine key={contract.ticketId} contract={contract} onItsWay={media.status === 'ORDERED'} />
          ))}
        </Box>
      )}

      {hasPassesToMove(media) ? (
        <Typography sx={{ typography: 'body2', mt: 2 }}>
          {t('account.transportCards.blockedHelp')} <MovePassesLink />
        </Typography>
      ) : null}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {media.status === 'ACTIVE' ? (
          <Button
            size="small"
            variant="outlined"
            component={LocaleLink}
            to={paths.accountTransportCardIncident.replace(':id', String(media.id))}
            aria-label={t('account.transportCards.reportIncidentLabel', { number })}
          >
            {t('account.transportCards.reportIncident')}
          </Button>
        ) : null}
        <Button
          size="small"
          variant="outlined"
          color="error"
          aria-label={t('account.transportCards.removeLabel', { number })}
          onClick={() => onRemove(media)}
        >
          {t('account.transportCards.remove')}
        </Button>
      </Box>
    </ListItem>
  );
}
