// A subscription's periods, the latest first (SUB-01, decision 0043): each with its dates, where its
// renewal stands and its amount, then every charge tried for it (when, how much, its outcome and a
// refusal's reason, the method charged).
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SubscriptionDetail, SubscriptionPeriod } from '@transit-shop/sdk/contract/subscriptions';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/message-key.ts';
import { isolatedLtr } from '../../../lib/saved-methods.ts';
import { useSubscriptionFormat } from '../hooks/use-subscription-format.ts';
import { stackedOnPhones } from './stacked-table.ts';

type Charge = SubscriptionPeriod['charges'][number];

const PERIOD_COLOURS = {
  ANNOUNCED: 'info',
  CHARGING: 'info',
  RETRYING: 'warning',
  PAID: 'success',
  FAILED: 'error',
  SKIPPED: 'default',
} as const;

const CHARGE_COLOURS = {
  PENDING: 'info',
  SUCCEEDED: 'success',
  REFUSED: 'error',
  CANCELLED: 'default',
} as const;

/** A provider's refusal reason in words; one this build does not know is a refusal by the bank. */
function useRefusalText() {
  const { t, i18n } = useTranslation();
  return (reason: string | null) => {
    const key = `account.tacit.history.reasons.${reason}`;
    return reason && i18n.exists(key) ? t(messageKey(key)) : t('account.tacit.history.reasons.other');
  };
}

function Charges({ charges, caption }: { charges: readonly Charge[]; caption: string }) {
  const { t } = useTranslation();
  const format = useSubscriptionFormat();
  const refusal = useRefusalText();
  if (charges.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('account.tacit.history.noCharge')}
      </Typography>
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={caption} sx={stackedOnPhones}>
        <TableHead>
          <TableRow>
            <TableCell>{t('account.tacit.history.date')}</TableCell>
            <TableCell align="right">{t('account.tacit.history.amount')}</TableCell>
            <TableCell>{t('account.tacit.history.outcome')}</TableCell>
            <TableCell>{t('account.tacit.history.method')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {charges.map((charge) => (
            <TableRow key={`${charge.at}-${charge.status}`}>
              <TableCell>{format.instant(charge.at)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {format.amount(charge.amount, charge.currency)}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={CHARGE_COLOURS[charge.status]}
                  label={t(`account.tacit.history.charge.${charge.status}`)}
                />
                {charge.status === 'REFUSED' ? (
                  <Typography component="span" variant="body2" sx={{ display: 'block', mt: 0.5 }}>
                    {refusal(charge.reason)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {charge.methodLabel ? isolatedLtr(charge.methodLabel) : '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Period({ period }: { period: SubscriptionPeriod }) {
  const { t } = useTranslation();
  const format = useSubscriptionFormat();
  const dates = format.period(period.validity);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 1 }}>
        <Typography variant="h4" component="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {period.period === 0
            ? t('account.tacit.history.firstPeriod', { dates })
            : t('account.tacit.history.renewal', { dates })}
        </Typography>
        <Chip
          size="small"
          color={PERIOD_COLOURS[period.status]}
          label={t(`account.tacit.history.status.${period.status}`)}
        />
        <Typography sx={{ fontVariantNumeric: 'tabular-nums', ml: 'auto' }}>
          {format.amount(period.amount, period.currency)}
        </Typography>
      </Box>
      {period.status === 'RETRYING' && period.nextAttemptAt ? (
        <Typography variant="body2">
          {t('account.tacit.history.nextAttempt', { date: format.instant(period.nextAttemptAt) })}
        </Typography>
      ) : null}
      <Charges charges={period.charges} caption={t('account.tacit.history.chargesOf', { dates })} />
    </Paper>
  );
}

export function SubscriptionHistory({ periods }: { periods: SubscriptionDetail['periods'] }) {
  const latestFirst = [...periods].sort((a, b) => b.period - a.period);
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
      {latestFirst.map((period) => (
        <Period key={period.period} period={period} />
      ))}
    </Box>
  );
}
