// The checkout's steps, each at its own address under /cart (spec 01 §2): invite-login,
// invoice-email, shipping-address, collect and checkout (the payment). One pathless route holds
// them: the checkout machine runs in its page, which stays mounted from one step to the next. Each
// step opens only when the cart's checkout check passes, otherwise back to the cart (ROUTE-04).
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';
import { CHECKOUT_STEPS, type CheckoutStepHandle } from './checkout-step-list.ts';

export const checkoutRoutes: RouteObject[] = [
  {
    lazy: () => import('./pages/checkout-pages.tsx'),
    children: CHECKOUT_STEPS.map((step) => ({
      path: `${paths.cart.slice(1)}/${step}`,
      handle: { checkoutStep: step } satisfies CheckoutStepHandle,
      lazy: () => import('./pages/checkout-step.ts'),
    })),
  },
];
