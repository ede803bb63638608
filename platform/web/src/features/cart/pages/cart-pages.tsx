// The route module of the cart's pages: /cart, and checkout, collect and invite-login, which open
// only when the cart's checkout check passes; otherwise back to the cart (ROUTE-04). It stays small
// and loads each page from its loader: the route registry is on the first paint, and every chunk a
// route module imports is listed there.
import { lazy, Suspense } from 'react';
import { type LoaderFunctionArgs, useLocation } from 'react-router';
import { paths, splitLocale } from '../../../config/paths.ts';
import type { CartRuntime } from '../../../lib/cart/cart-runtime.ts';

const cartPage = () => import('./cart.tsx');
const checkoutStep = () => import('./checkout-step.tsx');
const CartPage = lazy(cartPage);
const CheckoutStep = lazy(checkoutStep);

const isCartPage = (pathname: string) => splitLocale(pathname).path.replace(/(.)\/$/, '$1') === paths.cart;

function closeSidebar({ actor }: CartRuntime): void {
  actor.send({ type: 'VISIBILITY_CHANGED', visible: false });
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (isCartPage(new URL(request.url).pathname)) {
    // The cart starts (and verifies a restored cart) while the page's code arrives; the page
    // shows all the sidebar would, so the sidebar closes.
    void import('../../../lib/cart/cart-runtime.ts')
      .then(({ getCartRuntime }) => getCartRuntime())
      .then(closeSidebar);
    await cartPage();
    return null;
  }
  const [{ requireCheckout }] = await Promise.all([
    import('../../../lib/cart/checkout-guard.ts'),
    checkoutStep(),
  ]);
  closeSidebar(await requireCheckout({ request }));
  return null;
}

export function Component() {
  // Each page's code is loaded by the loader: the boundary only waits for React to read it.
  return (
    <Suspense fallback={null}>
      {isCartPage(useLocation().pathname) ? <CartPage /> : <CheckoutStep />}
    </Suspense>
  );
}
