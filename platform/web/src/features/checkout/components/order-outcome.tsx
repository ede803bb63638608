// The payment step while it shows an order's outcome (PAY-03, decision 0021): the server is asked,
// then the order as the confirmation gives it (its number, what was bought, the total) behind the
// outcome's dialog. It needs neither the cart nor the session, so it shows the same in a fresh tab,
// after a reload or on another device.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import { useCheckoutSelector } from '../hooks/use-checkout.tsx';
import { AmountSummary } from './amount-summary.tsx';
import { PaymentResultDialog } from './payment-result-dialog.tsx';

function OrderSummary() {
  const { t } = useTranslation();
  const outcome = useCheckoutSelector((snapshot) => snapshot.context.outcome);
  const formatPrice = useFormatPrice(outcome?.currency ?? 'EUR');
  if (!outcome) return null;
  return (
    <AmountSummary
      title={t('checkout.order.title', { number: outcome.orderId })}
      // Lines have no id of their own here: their place in the order names them.
      rows={outcome.lines.map((line, index) => ({
        key: String(index),
        label: t('checkout.order.line', { label: line.label, quantity: line.quantity }),
        amount: formatPrice(line.totalAmount),
      }))}
      total={formatPrice(outcome.totalAmount)}
    />
  );
}

export function OrderOutcome() {
  const { t } = useTranslation();
  const confirming = useCheckoutSelector((snapshot) => snapshot.matches('confirming'));
  return (
    <Box sx={{ display: 'grid', gap: 3 }} aria-busy={confirming}>
      {confirming ? (
        <>
          <Alert severity="info" role="status">
            {t('checkout.payment.confirming')}
          </Alert>
          <LinearProgress aria-label={t('checkout.payment.confirming')} />
        </>
      ) : null}
      <OrderSummary />
      <PaymentResultDialog />
    </Box>
  );
}
