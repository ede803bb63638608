// The confirmation before a saved payment method is removed (PM-03): Cancel, focused first, sends
// nothing; Remove sends the removal and waits for its answer.
import type { SavedPaymentMethodAnswer } from '@transit-shop/sdk/contract/payment-methods';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
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
  return (
    <ConfirmDialog
      open={method !== null}
      title={t('account.paymentCards.confirmTitle')}
      body={method ? t('account.paymentCards.confirmBody', { label: isolatedLtr(method.label) }) : ''}
      cancelLabel={t('account.paymentCards.cancel')}
      confirmLabel={t('account.paymentCards.confirm')}
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
