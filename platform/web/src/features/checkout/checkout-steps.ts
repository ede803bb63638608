// Which page of the checkout a snapshot of the machine is at (the address follows it), or null
// while the buyer is on an auth page (log in, sign up, finalize); and whether the payment step shows
// an order's outcome rather than its form.
import type { CheckoutSnapshot } from '@transit-shop/flows/checkout/checkout.machine';
import { paths } from '../../config/paths.ts';

export type CheckoutStep = 'invite-login' | 'invoice-email' | 'shipping-address' | 'collect' | 'checkout';

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
