// /cart: the cart page (spec 01 §2): lines, promo codes, amounts, confirmations and checkout. The
// checkout's steps after it are the checkout feature's routes.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/page-title.ts';
import { closeCartSidebar, getCartRuntime } from '../../../lib/cart/cart-runtime.ts';
import { useServedEmptyCart } from '../../../lib/cart/served-cart.ts';
import { WithCart } from '../../../lib/cart/use-cart.tsx';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { CartContents, EmptyCart } from '../components/cart-contents.tsx';

export function loader() {
  // The cart starts (and verifies a restored cart) as the page's code arrives; the page shows all
  // the sidebar would: the sidebar closes. The server, rendering the page for every visitor, has
  // no cart: the browser fills it in (decision 0034).
  if (typeof window !== 'undefined') void getCartRuntime().then(closeCartSidebar);
  return null;
}

/** The cart, or while it starts what the server knew: an empty cart, or one to wait for. */
function PageCart() {
  const { t } = useTranslation();
  const servedEmpty = useServedEmptyCart();
  const fallback = servedEmpty ? (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <EmptyCart />
    </Box>
  ) : (
    <LinearProgress aria-label={t('cart.verifying')} />
  );
  return (
    <WithCart fallback={fallback}>
      <CartContents variant="page" />
    </WithCart>
  );
}

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('cart.title'));
  return (
    <Box component="section" sx={{ maxWidth: 1100, mx: 'auto', px: 2, py: { xs: 3, sm: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        {t('cart.title')}
      </Typography>
      <WithSession>
        <PageCart />
      </WithSession>
    </Box>
  );
}
