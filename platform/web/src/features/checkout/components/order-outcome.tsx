// The payment step while it shows an order's outcome (PAY-03, decision 0021): the server is asked,
// then the order as the confirmation gives it (its number, what was bought, the total) behind the
// outcome's dialog. It needs neither the cart nor the session, so it shows the same in a fresh tab,
// after a reload or on another device.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import { useCheckoutSelector } from '../hooks/use-checkout.tsx';
import { PaymentResultDialog } from './payment-result-dialog.tsx';

function OrderSummary() {
  const { t } = useTranslation();
  const headingId = useId();
  const outcome = useCheckoutSelector((snapshot) => snapshot.context.outcome);
  const formatPrice = useFormatPrice(outcome?.currency ?? 'EUR');
  if (!outcome) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ typography: 'h6', mb: 1 }}>
        {t('checkout.order.title', { number: outcome.orderId })}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          rowGap: 1,
          '& > dd, & > * > dd': { paddingInlineStart: 2 },
        }}
      >
        {outcome.lines.map((line, index) => (
          // Lines have no id of their own here: their place in the order names them.
          // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never move
          <Box key={index} sx={{ display: 'contents' }}>
            <dt>{t('checkout.order.line', { label: line.label, quantity: line.quantity })}</dt>
            <Box component="dd" sx={{ m: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
              {formatPrice(line.totalAmount)}
            </Box>
          </Box>
        ))}
        <Box component="dt" sx={{ fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 1 }}>
          {t('checkout.payment.total')}
        </Box>
        <Box
          component="dd"
          sx={{ m: 0, textAlign: 'end', fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 1 }}
        >
          {formatPrice(outcome.totalAmount)}
        </Box>
      </Box>
    </Paper>
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
