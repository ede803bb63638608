// Terminating a subscription, confirmed (decision 0043): the consequences come first (nothing more
// is charged, it stays valid until its last day paid, a renewal already being charged completes),
// then the choice, "keep it" focused first. The dialog cannot be dismissed while the call runs.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { SubscriptionDetail } from '@transit-shop/sdk/contract/subscriptions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { useSubscriptionFormat } from '../hooks/use-subscription-format.ts';

export function TerminateSubscriptionDialog({
  subscription,
  open,
  pending,
  failure,
  onCancel,
  onConfirm,
}: {
  subscription: SubscriptionDetail;
  open: boolean;
  pending: boolean;
  failure: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const format = useSubscriptionFormat();
  const titleId = useId();
  const consequencesId = useId();
  const termination = subscription.termination;
  const consequences = [
    t('account.tacit.terminate.nothingMore'),
    termination
      ? t('account.tacit.terminate.validUntil', {
          name: subscription.label,
          date: format.day(termination.endsOn),
        })
      : null,
    termination?.renewalUnderWay ? t('account.tacit.terminate.renewalUnderWay') : null,
    t('account.tacit.terminate.final'),
  ].filter((text): text is string => text !== null);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={consequencesId}
    >
      <DialogTitle id={titleId}>{t('account.tacit.terminate.title')}</DialogTitle>
      <DialogContent>
        <Typography component="ul" id={consequencesId} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
          {consequences.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </Typography>
        <FailureAlert failure={failure} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending} autoFocus>
          {t('account.tacit.terminate.keep')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={pending}>
          {t('account.tacit.terminate.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
