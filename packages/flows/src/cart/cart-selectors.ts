// What the cart's pages and route guards read of the cart machine's snapshot: the lines and their
// count, totals, the payment options left, the vouchers' states, and whether checkout may open.
// Whether one event is taken is asked with `snapshot.can(event)` (a quantity step, a voucher).
import type { CatalogueViewer } from '@transit-shop/sdk/catalogue/shop-listing';
import { type CommonPaymentOptions, commonPaymentOptions } from '@transit-shop/sdk/checkout/checkout-rules';
import { areVouchersValid } from '@transit-shop/sdk/contract/order';
import { isOver18 } from '@transit-shop/sdk/validation/account-rules';
import type { CartSnapshot } from './cart.machine.ts';
import {
  addRefusalOf,
  type CartItemDraft,
  type CartRefusal,
  type CartTotals,
  type CheckoutIssue,
  cartTotals,
  checkoutIssues,
  type VoucherStatus,
  voucherStatuses,
} from './cart-rules.ts';
import type { CartItem } from './cart-types.ts';

/** The buyer checkout is for: the signed-in user's birthday, absent for a visitor or a guest. */
export type CartBuyer = { readonly birthday?: string | null };

export function cartLinesOf(snapshot: CartSnapshot): readonly CartItem[] {
  return snapshot.context.items;
}

/** How many articles the cart holds, for the header's badge. */
export function cartCountOf(snapshot: CartSnapshot): number {
  return snapshot.context.items.reduce((count, line) => count + line.quantity, 0);
}

/** Whether the order verification is under way: the totals shown are the previous ones. */
export function isCartVerifying(snapshot: CartSnapshot): boolean {
  return snapshot.matches('verifying');
}

/** VOUCH-04: subtotal, discount and total of the last verification; null before one, or after a failed one. */
export function cartTotalsOf(snapshot: CartSnapshot): CartTotals | null {
  const { discounts, verifiedTotalAmount } = snapshot.context;
  return verifiedTotalAmount === null ? null : cartTotals(discounts, verifiedTotalAmount);
}

/** CART-09, PAY-02: the instalment counts and payment methods every line allows; null for an empty cart. */
export function cartPaymentOptionsOf(snapshot: CartSnapshot): CommonPaymentOptions | null {
  return commonPaymentOptions(snapshot.context.items.map((line) => line.item));
}

/** VOUCH-02: each voucher, pending until a verification has read it, then applied or refused with its error. */
export function cartVouchersOf(snapshot: CartSnapshot): VoucherStatus[] {
  const { vouchers, discounts, verifiedTotalAmount } = snapshot.context;
  return voucherStatuses(vouchers, discounts, !isCartVerifying(snapshot) && verifiedTotalAmount !== null);
}

/** CART-10. */
export function areCartVouchersValid(snapshot: CartSnapshot): boolean {
  return areVouchersValid(snapshot.context.vouchers, snapshot.context.discounts);
}

/** Why the last add was refused, for the product page to say (spec 02 §8 "Orders and cart"). */
export function cartRefusalOf(snapshot: CartSnapshot): CartRefusal | null {
  return snapshot.context.refusal;
}

/** Why this draft would be refused, before it is sent (no page asks yet: the product page hears of a refusal from the add). */
export function addRefusalFor(
  snapshot: CartSnapshot,
  draft: CartItemDraft,
  viewer: CatalogueViewer,
): CartRefusal | null {
  const { items, network, now } = snapshot.context;
  return addRefusalOf(items, draft, { viewer, network, now: now() });
}

/** ACC-09 on the cart's clock: no birthday counts as under 18. */
export function isBuyerOver18(snapshot: CartSnapshot, buyer: CartBuyer): boolean {
  return isOver18(buyer.birthday, snapshot.context.now());
}

/** What keeps the buyer out of checkout, collect and invite-login, for the cart page to say. */
export function checkoutIssuesOf(snapshot: CartSnapshot, buyer: CartBuyer): CheckoutIssue[] {
  const { context } = snapshot;
  return checkoutIssues(
    { ...context, itemCount: context.items.length },
    { birthday: buyer.birthday, today: context.now() },
  );
}

/** ROUTE-04: the guard of checkout, collect and invite-login; otherwise back to the cart. */
export function canCheckout(snapshot: CartSnapshot, buyer: CartBuyer): boolean {
  return checkoutIssuesOf(snapshot, buyer).length === 0;
}
