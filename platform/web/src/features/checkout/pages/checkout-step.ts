// The route module of each checkout step: it opens only when the cart's checkout check passes,
// otherwise back to the cart (ROUTE-04); the page shows all the cart's sidebar would, which closes.
// The steps' page itself is their parent route's (checkout-pages.tsx): a step's route renders nothing.
import type { LoaderFunctionArgs } from 'react-router';
import { closeCartSidebar } from '../../../lib/cart/cart-runtime.ts';
import { requireCheckout } from '../../../lib/cart/checkout-guard.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  closeCartSidebar(await requireCheckout({ request }));
  return null;
}

export function Component() {
  return null;
}
