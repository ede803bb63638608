// The cart's amounts and state: whether the order is being verified, why the last verification or
// add failed, then subtotal, discount and total as the verification answered them (VOUCH-04).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { cartTotalsOf, isCartVerifying } from '@transit-shop/flows/cart/cart-selectors';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useCart } from '../../../lib/cart/use-cart.tsx';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import { useCartErrorText } from '../hooks/use-cart-error-text.ts';

const sameTotals = (a: ReturnType<typeof cartTotalsOf>, b: ReturnType<typeof cartTotalsOf>) =>
  a === b ||
  (a !== null && b !== null && a.subtotal === b.subtotal && a.discount === b.discount && a.total === b.total);

/** What went wrong last: an add refused (CART-07..09...) or the verification failed. */
export function CartProblems() {
  const { t } = useTranslation();
  const errorText = useCartErrorText();
  const { selected: refusal, send } = useCart((snapshot) => snapshot.context.refusal);
  const { selected: verifyError } = useCart((snapshot) => snapshot.context.verifyError);
  return (
    <>
      {refusal ? (
        <Alert
          severity="error"
          onClose={() => send({ type: 'DISMISS_ERROR' })}
          slotProps={{ closeButton: { title: t('cart.dismiss'), 'aria-label': t('cart.dismiss') } }}
        >
          {t('cart.refused', { reason: errorText(refusal.code) })}
        </Alert>
      ) : null}
      {verifyError ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => send({ type: 'VERIFY' })}>
              {t('cart.retry')}
            </Button>
          }
        >
          {t('cart.verifyFailed', { reason: errorText(verifyError) })}
        </Alert>
      ) : null}
    </>
  );
}

/** A term and its value: the group's <div> is the only element allowed between a <dl> and them. */
function Row({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        typography: strong ? 'h6' : 'body1',
        ...(strong ? { borderTop: 1, borderColor: 'divider', pt: 0.5 } : {}),
      }}
    >
      <Box component="dt">{term}</Box>
      <Box component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Box>
    </Box>
  );
}

export function CartTotals() {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const formatPrice = useFormatPrice(network.currency);
  const { selected: totals } = useCart(cartTotalsOf, sameTotals);
  const { selected: verifying } = useCart(isCartVerifying);
  return (
    <Box>
      <Box
        role="status"
        aria-live="polite"
        sx={{ minHeight: 24, display: 'flex', alignItems: 'center', gap: 1 }}
      >
        {verifying ? (
          <>
            <CircularProgress size={16} aria-hidden="true" />
            <Typography variant="body2">{t('cart.verifying')}</Typography>
          </>
        ) : null}
      </Box>
      {totals ? (
        <Box
          component="dl"
          aria-busy={verifying}
          sx={{ m: 0, display: 'grid', gap: 0.5, opacity: verifying ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Row term={t('cart.totals.subtotal')} value={formatPrice(totals.subtotal)} />
          <Row
            term={t('cart.totals.discount')}
            value={formatPrice(totals.discount > 0 ? -totals.discount : 0)}
          />
          <Row term={t('cart.totals.total')} value={formatPrice(totals.total)} strong />
        </Box>
      ) : verifying ? null : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('cart.totals.pending')}
        </Typography>
      )}
    </Box>
  );
}
