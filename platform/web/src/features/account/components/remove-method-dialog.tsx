// The confirmation before a saved payment method is removed (PM-03): Cancel, focused first, sends
// nothing; Remove sends the removal and waits for its answer.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SavedPaymentMethodAnswer } from '@transit-shop/sdk/contract/payment-methods';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isolatedLtr } from '../../../lib/saved-methods.ts';

export function RemoveMethodDialog({
  method,
  pending,
  onCancel,
  onConfirm,
}: {
  /** The method to remove; null closes the dialog. */
  method: SavedPaymentMethodAnswer | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={method !== null}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{t('account.paymentCards.confirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {method ? t('account.paymentCards.confirmBody', { label: isolatedLtr(method.label) }) : null}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending} autoFocus>
          {t('account.paymentCards.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={pending}>
          {t('account.paymentCards.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
