// What the cart page and the sidebar both show: the lines, or the empty cart; the promo codes, the
// amounts, and the confirmations with the way to checkout. The page lays it out in two columns.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { cartLinesOf } from '@transit-shop/flows/cart/cart-selectors';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useCart } from '../../../lib/cart/use-cart.tsx';
import { useBuyer } from '../hooks/use-buyer.ts';
import { CartLines } from './cart-lines.tsx';
import { CartProblems, CartTotals } from './cart-summary.tsx';
import { CheckoutPanel } from './checkout-panel.tsx';
import { VoucherForm } from './voucher-form.tsx';

export function EmptyCart({ onNavigate }: { onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 4, display: 'grid', gap: 2, justifyItems: 'center' }}>
      <Typography component="h2" variant="h5">
        {t('cart.empty.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('cart.empty.text')}</Typography>
      <Button component={LocaleLink} to={paths.home} variant="contained" onClick={onNavigate}>
        {t('cart.empty.action')}
      </Button>
    </Box>
  );
}

export function CartContents({
  variant,
  onNavigate,
}: {
  variant: 'page' | 'sidebar';
  /** The sidebar closes when one of its links leads away. */
  onNavigate?: () => void;
}) {
  const buyer = useBuyer();
  const { selected: count } = useCart((snapshot) => cartLinesOf(snapshot).length);
  const sidebar = variant === 'sidebar';
  if (count === 0) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <CartProblems />
        <EmptyCart onNavigate={onNavigate} />
      </Box>
    );
  }
  const summary = (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <VoucherForm />
      <CartTotals />
      <CheckoutPanel buyer={buyer} {...(onNavigate ? { onNavigate } : {})} />
    </Box>
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: sidebar ? '1fr' : { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <CartProblems />
        <CartLines buyer={buyer} compact={sidebar} />
      </Box>
      {sidebar ? (
        summary
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, position: { md: 'sticky' }, top: { md: 16 } }}>
          {summary}
        </Paper>
      )}
    </Box>
  );
}
