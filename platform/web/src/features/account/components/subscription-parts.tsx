// What the subscription pages share: the path of one, the status chip (SUB-02, SUB-03), why one is blocked, the
// method it is charged to with its expiry marks (PM-02), and a list of terms and values.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type {
  BlockedReason,
  SubscriptionMethod,
  SubscriptionStatus,
} from '@transit-shop/sdk/contract/subscriptions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { isolatedLtr } from '../../../lib/saved-methods.ts';

/** The path of a subscription's page. */
export const subscriptionPath = (id: number) => paths.accountTacitSubscription.replace(':id', String(id));

const STATUS_COLOURS = { ACTIVE: 'success', BLOCKED: 'error', TERMINATED: 'default' } as const;

export function SubscriptionStatusChip({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOURS[status]}
      variant={status === 'TERMINATED' ? 'outlined' : 'filled'}
      label={t(`account.tacit.status.${status}`)}
    />
  );
}

/** SUB-03: why a blocked subscription is not charged, in a sentence. */
export function useBlockedReasonText() {
  const { t } = useTranslation();
  return (reason: BlockedReason | null) => t(`account.tacit.blockedReason.${reason ?? 'PAYMENT_REFUSED'}`);
}

/** The expiry marks of a method (PM-02): expired, or expiring soon. */
export function MethodMarks({ method }: { method: Pick<SubscriptionMethod, 'expired' | 'expiringSoon'> }) {
  const { t } = useTranslation();
  if (method.expired)
    return <Chip size="small" color="error" label={t('account.tacit.method.expired')} sx={{ ml: 1 }} />;
  if (method.expiringSoon)
    return (
      <Chip size="small" color="warning" label={t('account.tacit.method.expiringSoon')} sx={{ ml: 1 }} />
    );
  return null;
}

/** The method a subscription is charged to: its kind, its masked number read left to right, its marks. */
export function MethodText({ method }: { method: SubscriptionMethod | null }) {
  const { t } = useTranslation();
  if (!method) return <>{t('account.tacit.method.none')}</>;
  return (
    <>
      {t(`account.tacit.method.kinds.${method.kind}`)}{' '}
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {isolatedLtr(method.label)}
      </Box>
      <MethodMarks method={method} />
    </>
  );
}

export type Fact = { readonly key: string; readonly term: string; readonly value: ReactNode };

/** Terms and their values, one under another on a phone, side by side on a wider screen. */
export function FactList({ facts }: { facts: readonly Fact[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.key} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
            {fact.term}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
