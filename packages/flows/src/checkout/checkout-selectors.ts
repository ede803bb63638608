// What the checkout pages read of the checkout machine's snapshot: whether a guest may buy the cart
// (NET-03, CHK-02, CHK-03), the payment step's choices (PAY-01, PAY-02, NET-04, NET-05, AUTH-04)
// and the amount to show before paying. Whether a button
// works is asked with `snapshot.can(event)`.
import {
  type GuestRefusal,
  installmentOptionsOf,
  paymentMethodOptionsOf,
} from '@transit-shop/sdk/checkout/checkout-rules';
import type { OnlinePaymentMethod } from '@transit-shop/sdk/contract/checkout';
import type { ComputeAmountAnswer } from '@transit-shop/sdk/contract/order';
import type { CheckoutSnapshot } from './checkout.machine.ts';
import { cartGuestRefusalOf, savedMethodOptionsOf } from './checkout-rules.ts';
import type { SavedPaymentMethod } from './checkout-types.ts';

/** NET-03, CHK-03, AUTH-04, CHK-02: why the cart cannot be bought as a guest, or null when it can. */
export function guestRefusalFor(snapshot: CheckoutSnapshot): GuestRefusal | null {
  return cartGuestRefusalOf(snapshot.context.network, snapshot.context.cart);
}

/** NET-05, PAY-02: the instalment counts offered, smallest first; one payment for a guest (AUTH-04). */
export function installmentOptionsFor(snapshot: CheckoutSnapshot): number[] {
  const { context } = snapshot;
  return installmentOptionsOf(context.network, context.cart, context.customer);
}

/** NET-04, PAY-01: CARD, and TRANSFER where the network and the cart allow it. */
export function paymentMethodOptionsFor(snapshot: CheckoutSnapshot): OnlinePaymentMethod[] {
  return paymentMethodOptionsOf(snapshot.context.network, snapshot.context.cart);
}

/** PAY-01, AUTH-04: the saved cards and bank accounts offered; none to a guest. */
export function savedMethodOptionsFor(snapshot: CheckoutSnapshot): SavedPaymentMethod[] {
  const { context } = snapshot;
  return savedMethodOptionsOf(context.customer, paymentMethodOptionsOf(context.network, context.cart));
}

/** PAY-02: the total and the schedule of the choices shown; null while they are computed. */
export function amountToPayFor(snapshot: CheckoutSnapshot): ComputeAmountAnswer | null {
  return snapshot.matches({ payment: 'computing' }) ? null : snapshot.context.amount;
}
