// The route module of the cart's pages: /cart, and the checkout's steps (invite-login,
// invoice-email, shipping-address, collect, checkout), which open only when the cart's checkout
// check passes, otherwise back to the cart (ROUTE-04); any other address under /cart is not found.
// It stays small and loads each page from its loader: the checkout's pages are their own chunk.
import { lazy, Suspense } from 'react';
import { type LoaderFunctionArgs, useLocation } from 'react-router';
import { splitLocale } from '../../../config/paths.ts';
import type { CartRuntime } from '../../../lib/cart/cart-runtime.ts';
import { cartStepOf } from '../cart-steps.ts';

const cartPage = () => import('./cart.tsx');
const checkoutPages = () => import('../../checkout/pages/checkout-pages.tsx');
const CartPage = lazy(cartPage);
const CheckoutPages = lazy(checkoutPages);

const stepOf = (pathname: string) => cartStepOf(splitLocale(pathname).path);

/** The page shows all the sidebar would: the sidebar closes. */
function closeSidebar({ actor }: CartRuntime): void {
  actor.send({ type: 'VISIBILITY_CHANGED', visible: false });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const step = stepOf(new URL(request.url).pathname);
  if (step === null) throw new Response('Not Found', { status: 404 });
  if (step === '') {
    // The cart starts (and verifies a restored cart) while the page's code arrives.
    void import('../../../lib/cart/cart-runtime.ts')
      .then(({ getCartRuntime }) => getCartRuntime())
      .then(closeSidebar);
    await cartPage();
    return null;
  }
  const [{ requireCheckout }] = await Promise.all([
    import('../../../lib/cart/checkout-guard.ts'),
    checkoutPages(),
  ]);
  closeSidebar(await requireCheckout({ request }));
  return null;
}

export function Component() {
  const step = stepOf(useLocation().pathname);
  // Each page's code is loaded by the loader: the boundary only waits for React to read it.
  // The checkout's pages stay mounted from one step to the next: the checkout runs in them.
  return <Suspense fallback={null}>{step ? <CheckoutPages step={step} /> : <CartPage />}</Suspense>;
}
