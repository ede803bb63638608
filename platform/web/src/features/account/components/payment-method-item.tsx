// One saved card or bank account of the payment methods page: its masked number or IBAN with the
// card's network (PM-01), its state (bookmarked, expired or expiring soon, used for a subscription,
// locked: PM-02), and the bookmark toggle and Remove button (PM-03); a locked method says why it
// cannot be removed: instalments still to pay, or a tacit subscription renewed on it.
import Autorenew from '@mui/icons-material/Autorenew';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { SavedPaymentMethodAnswer } from '@transit-shop/sdk/contract/payment-methods';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isolatedLtr } from '../../../lib/saved-methods.ts';

/** The networks' own names; a network the provider could not tell ('unknown') is not shown. */
const NETWORK_NAMES: Record<string, string | null> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unknown: null,
};

const networkName = (brand: string | null) => (brand === null ? null : (NETWORK_NAMES[brand] ?? brand));

function MethodStatus({ method }: { method: SavedPaymentMethodAnswer }) {
  const { t } = useTranslation();
  const chips = [
    method.isBookmarked ? (
      <Chip
        key="bookmarked"
        size="small"
        color="primary"
        icon={<Star />}
        label={t('account.paymentCards.bookmarked')}
      />
    ) : null,
    method.expired ? (
      <Chip key="expired" size="small" color="error" label={t('account.paymentCards.expired')} />
    ) : method.expiringSoon ? (
      <Chip key="expiring" size="small" color="warning" label={t('account.paymentCards.expiringSoon')} />
    ) : null,
    method.usedForSubscriptions ? (
      <Chip
        key="subscription"
        size="small"
        variant="outlined"
        icon={<Autorenew />}
        label={t('account.paymentCards.usedForSubscriptions')}
      />
    ) : null,
    method.locked ? (
      <Chip
        key="locked"
        size="small"
        variant="outlined"
        icon={<LockOutlined />}
        label={t('account.paymentCards.locked')}
      />
    ) : null,
  ].filter(Boolean);
  if (chips.length === 0) return null;
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>{chips}</Box>;
}

/** Why a locked method cannot be removed: what is still to be charged to it. */
const lockedReasonOf = (
  method: Pick<SavedPaymentMethodAnswer, 'usedForInstalments' | 'usedForSubscriptions'>,
) =>
  method.usedForSubscriptions
    ? method.usedForInstalments
      ? 'account.paymentCards.lockedReasonBoth'
      : 'account.paymentCards.lockedReasonSubscription'
    : 'account.paymentCards.lockedReason';

export function PaymentMethodItem({
  method,
  onToggleBookmark,
  onRemove,
}: {
  method: SavedPaymentMethodAnswer;
  onToggleBookmark: (method: SavedPaymentMethodAnswer) => void;
  onRemove: (method: SavedPaymentMethodAnswer) => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const label = isolatedLtr(method.label);
  const network = method.kind === 'CARD' ? networkName(method.brand) : null;

  return (
    <ListItem
      divider
      sx={{
        px: 0,
        gap: 1,
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 'fontWeightMedium', fontVariantNumeric: 'tabular-nums' }}>
          {label}
        </Typography>
        {network ? (
          <Typography sx={{ typography: 'body2', color: 'text.secondary' }}>{network}</Typography>
        ) : null}
        <MethodStatus method={method} />
        {method.locked ? (
          <Typography id={reasonId} sx={{ typography: 'body2', color: 'text.secondary', mt: 1 }}>
            {t(lockedReasonOf(method))}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton
          color={method.isBookmarked ? 'primary' : 'default'}
          aria-pressed={method.isBookmarked}
          aria-label={t('account.paymentCards.bookmark', { label })}
          onClick={() => onToggleBookmark(method)}
        >
          {method.isBookmarked ? <Star /> : <StarBorder />}
        </IconButton>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={method.locked}
          aria-label={t('account.paymentCards.removeLabel', { label })}
          aria-describedby={method.locked ? reasonId : undefined}
          onClick={() => onRemove(method)}
        >
          {t('account.paymentCards.remove')}
        </Button>
      </Box>
    </ListItem>
  );
}
