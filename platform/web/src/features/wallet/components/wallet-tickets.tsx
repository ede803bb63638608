// The holder's tickets grouped by phase (current, upcoming, past), from the backend or, offline,
// from the device; says when they were last synchronised, on the network's clock. While the backend
// is asked, the copy kept on the device shows at once, so a slow network does not hide the codes.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { WALLET_PHASES } from '@transit-shop/sdk/contract/wallet';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useApiClient } from '../../../lib/api-client.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { holderKey, type WalletHolder } from '../../../lib/kept-tickets.ts';
import { useFormatInstant } from '../../../lib/tickets/format-instant.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { keptWallet, loadWallet, type WalletView } from '../api/wallet.ts';
import { TicketCard } from './ticket-card.tsx';

export function WalletTickets({ holder }: { holder: WalletHolder }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const locale = useLocale();
  const { timeZone } = useBootstrap().network;
  const wallet = useQuery({
    queryKey: ['wallet', holderKey(holder), locale],
    queryFn: () => loadWallet(client, holder, locale, timeZone),
    retry: false,
    // Offline, the kept copy answers: the query runs whatever the browser says of its network.
    networkMode: 'always',
  });
  const kept = useQuery({
    queryKey: ['wallet', holderKey(holder), 'kept'],
    queryFn: () => keptWallet(holder, timeZone),
    enabled: wallet.isPending,
    // Read afresh at each visit: the copy and the clock it is read at both move.
    gcTime: 0,
    retry: false,
    networkMode: 'always',
  });
  if (wallet.isPending) {
    if (!kept.data) return <LinearProgress aria-label={t('common.loading')} />;
    return <WalletGroups view={kept.data} holder={holder} syncing onChanged={() => undefined} />;
  }
  if (wallet.isError) return <FailureAlert failure={wallet.error} />;
  return (
    <WalletGroups
      view={wallet.data}
      holder={holder}
      syncing={false}
      onChanged={() => void wallet.refetch()}
    />
  );
}

function WalletGroups({
  view,
  holder,
  syncing,
  onChanged,
}: {
  view: WalletView;
  holder: WalletHolder;
  /** The kept copy, shown while the backend is asked. */
  syncing: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const { tickets, syncedAt, offline } = view;
  return (
    <Stack spacing={3}>
      {syncing ? (
        <Box role="status">
          <Typography sx={{ typography: 'body2', color: 'text.secondary' }}>
            {t('wallet.syncing', { date: formatInstant(syncedAt) })}
          </Typography>
          <LinearProgress aria-label={t('common.loading')} />
        </Box>
      ) : offline ? (
        <Alert severity="warning" role="status">
          {t('wallet.offline', { date: formatInstant(syncedAt) })}
        </Alert>
      ) : (
        <Typography sx={{ typography: 'body2', color: 'text.secondary' }}>
          {t('wallet.syncedAt', { date: formatInstant(syncedAt) })}
        </Typography>
      )}
      {tickets.length === 0 ? (
        <Box>
          <Alert severity="info">{t('wallet.empty')}</Alert>
          <Button component={LocaleLink} to={paths.home} variant="contained" sx={{ mt: 2 }}>
            {t('wallet.toShop')}
          </Button>
        </Box>
      ) : (
        WALLET_PHASES.map((phase) => {
          const inPhase = tickets.filter((ticket) => ticket.phase === phase);
          if (inPhase.length === 0) return null;
          return (
            <Box component="section" key={phase} aria-labelledby={`wallet-${phase}`}>
              <Typography id={`wallet-${phase}`} component="h2" variant="h5" sx={{ mb: 2 }}>
                {t(`wallet.groups.${phase}`)}
              </Typography>
              <Stack spacing={2}>
                {inPhase.map((ticket) => (
                  <TicketCard
                    key={ticket.id}
                    ticket={ticket}
                    holder={holder}
                    offline={offline}
                    onChanged={onChanged}
                  />
                ))}
              </Stack>
            </Box>
          );
        })
      )}
    </Stack>
  );
}
