// The address of each of the checkout's steps; which step a snapshot of the machine is at (the address
// follows it), or null while the buyer is on an auth page (log in, sign up, finalize); and whether
// the payment step shows an order's outcome rather than its form.
import type { CheckoutSnapshot } from '@transit-shop/flows/checkout/checkout.machine';
import { paths } from '../../config/paths.ts';
import type { CheckoutStep, CheckoutStepHandle } from './checkout-step-list.ts';

/** The path of a step: /cart/checkout... */
export const checkoutStepPath = (step: CheckoutStep) => `${paths.cart}/${step}`;

export function checkoutStepOf(snapshot: CheckoutSnapshot): CheckoutStep | null {
  if (snapshot.matches('awaitingSignIn') || snapshot.matches('finalizingAccount')) return null;
  if (snapshot.matches('customerInfo') || snapshot.matches('unverified')) return 'invite-login';
  if (snapshot.matches('invoiceEmail')) return 'invoice-email';
  if (snapshot.matches('shippingAddress')) return 'shipping-address';
  if (snapshot.matches('collect')) return 'collect';
  return 'checkout';
}

/** Whether the page shows an order's outcome rather than a step's form (PAY-03, decision 0021). */
export function showsOrderOutcome(snapshot: CheckoutSnapshot): boolean {
  return (['confirming', 'settling', 'confirmed', 'pending', 'failed', 'cancelled'] as const).some((state) =>
    snapshot.matches(state),
  );
}

/** The step of the matched routes' deepest checkout step, if any. */
export function stepOfMatches(matches: readonly { handle: unknown }[]): CheckoutStep | null {
  for (const { handle } of [...matches].reverse()) {
    const step = (handle as Partial<CheckoutStepHandle> | undefined)?.checkoutStep;
    if (step) return step;
  }
  return null;
}
