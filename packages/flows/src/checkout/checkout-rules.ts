// The checkout machine's own rules (spec 01 §2 "Customer info step", spec 02 §8 "Orders and cart";
// CHK-01, CHK-04, CHK-05, PAY-01, PAY-03, ROUTE-10, AUTH-04; decision 0019): which step a viewer
// starts at, the delivery the machine's choices make, the saved methods offered, and where each
// error sends the buyer. The rules the server applies too (guests, delivery, payment options) are
// the sdk's (checkout/checkout-rules), read here on the cart's lines.

import {
  type CheckoutLine,
  type GuestRefusal,
  guestRefusalOf,
  needsCollect,
  needsShippingAddress,
} from '@transit-shop/sdk/checkout/checkout-rules';
import type { OnlinePaymentMethod } from '@transit-shop/sdk/contract/checkout';
import type { ErrorCode } from '@transit-shop/sdk/errors/error-codes';
import type { CartItem } from '../cart/cart-types.ts';
import type {
  CheckoutCart,
  CheckoutCustomer,
  CheckoutNetwork,
  CheckoutViewer,
  CollectChoice,
  Delivery,
  SavedPaymentMethod,
  ShippingAddress,
} from './checkout-types.ts';

/** The cart's lines as the sdk's checkout rules read them: the line's delivery is its support. */
export function checkoutLinesOf(items: readonly CartItem[]): CheckoutLine[] {
  return items.map((line) => ({
    item: line.item,
    support: line.delivery,
    mediaId: line.mediaId,
    isSubscription: line.isSubscription,
  }));
}

/** NET-03, CHK-03, AUTH-04, CHK-02: the sdk's guest refusal for the machine's cart. */
export function cartGuestRefusalOf(
  network: CheckoutNetwork,
  cart: Pick<CheckoutCart, 'items' | 'totalAmount' | 'paymentOptions'>,
): GuestRefusal | null {
  return guestRefusalOf(network, { ...cart, lines: checkoutLinesOf(cart.items) });
}

/** What the customer info step decides for a viewer: where the checkout goes first. */
export type IdentificationStep =
  /** CHK-01: a visitor chooses guest, log in or sign up. */
  | 'customerInfo'
  /** CHK-04: an unverified account cannot purchase. */
  | 'unverified'
  /** ROUTE-10: a signed-in account without first name, last name or email goes to auth/finalize. */
  | 'finalizeAccount'
  /** A guest session whose cart a guest may not buy: log in or sign up instead. */
  | 'guestRefused'
  /** Signed in (or a guest session allowed to buy): the delivery steps follow. */
  | 'identified';

export function identificationStepOf(
  viewer: CheckoutViewer,
  network: CheckoutNetwork,
  cart: CheckoutCart,
): IdentificationStep {
  switch (viewer.kind) {
    case 'visitor':
      return 'customerInfo';
    case 'guest':
      return cartGuestRefusalOf(network, cart) === null ? 'identified' : 'guestRefused';
    case 'customer':
      if (!viewer.verified) return 'unverified';
      if (!viewer.complete) return 'finalizeAccount';
      return 'identified';
  }
}

/** The agency and slot chosen, or null until both are (CHK-05: COLLECT_AGENCY_MISSING). */
export function collectChoiceOf(choice: {
  readonly collectSiteId: number | null;
  readonly collectSlotStart: string | null;
}): CollectChoice | null {
  return choice.collectSiteId !== null && choice.collectSlotStart !== null
    ? { siteId: choice.collectSiteId, slotStart: choice.collectSlotStart }
    : null;
}

/** The order's delivery (decision 0019): collected, posted, or null when nothing is to deliver. */
export function deliveryOf(
  items: readonly CartItem[],
  choices: {
    readonly collectSiteId: number | null;
    readonly collectSlotStart: string | null;
    readonly shippingAddress: ShippingAddress | null;
  },
): Delivery | null {
  const collect = collectChoiceOf(choices);
  const lines = checkoutLinesOf(items);
  if (needsCollect(lines)) return collect && { mode: 'COLLECT', ...collect };
  if (needsShippingAddress(lines) && choices.shippingAddress)
    return { mode: 'SHIPPING', address: choices.shippingAddress };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Payment (PAY-01, AUTH-04)

/**
 * PAY-01, AUTH-04: saved cards and bank accounts are offered to signed-in customers only, never
 * to a guest; a locked one or one of a method the cart cannot use is left out.
 */
export function savedMethodOptionsOf(
  customer: CheckoutCustomer | null,
  methods: readonly OnlinePaymentMethod[],
): SavedPaymentMethod[] {
  if (customer?.kind !== 'customer') return [];
  return customer.savedMethods.filter((saved) => !saved.locked && methods.includes(saved.method));
}

// ---------------------------------------------------------------------------------------------
// Errors and outcomes (spec 02 §8, PAY-03, ORD-01)

/** The step an error sends the buyer back to, where it can be put right. */
export type ErrorStep =
  | 'backToCart'
  | 'unverified'
  | 'customerInfo'
  | 'invoiceEmail'
  | 'shippingAddress'
  | 'collect'
  | 'collectSlot'
  | 'payment'
  | 'failed'
  | 'cancelled';

/** Errors only the cart's lines can put right: the checkout ends and the cart page says why. */
const CART_ERRORS: ReadonlySet<string> = new Set<ErrorCode>([
  'INVALID_DOCUMENT',
  'PRODUCT_ALREADY_IN_CART',
  'WRONG_QUANTITY',
  'SUBSCRIPTION_CART_NOT_ALONE',
  'SUBSCRIPTION_NOT_OFFERED',
  'SHOP_ITEM_NOT_FOUND',
  'SHOP_ITEM_NOT_OFFERED',
  'ARTICLE_FIELDS_INVALID',
  'ARTICLE_START_DATE',
  'ORDER_AMOUNT_TOO_LARGE',
  'PROFILE_NOT_FOUND',
  'VOUCHER_NOT_FOUND',
  'VOUCHER_NOT_APPLIED',
  'VOUCHER_LIMIT_REACHED',
  'VOUCHER_INAPPLICABLE',
  'VOUCHER_INACTIVE',
  'VOUCHER_EXPIRED',
]);

/** The other errors the server answers with a step of their own (spec 02 §8, decision 0019). */
const ERROR_STEPS: Readonly<Partial<Record<ErrorCode, ErrorStep>>> = {
  ACCOUNT_NOT_VERIFIED: 'unverified',
  GUEST_ORDER_NOT_ALLOWED: 'customerInfo',
  GUEST_AMOUNT_EXCEEDED: 'customerInfo',
  GUEST_SUBSCRIPTION_NOT_ALLOWED: 'customerInfo',
  INVOICE_EMAIL_MISSING: 'invoiceEmail',
  SHIPPING_ADDRESS_INCOMPLETE: 'shippingAddress',
  COLLECT_AGENCY_MISSING: 'collect',
  COLLECT_SLOT_FULL: 'collectSlot',
  PAYMENT_REFUSED: 'failed',
  PAYMENT_CANCELLED: 'cancelled',
};

/**
 * Where an error of Order/computeAmount.json or Order/placeOrder.json sends the buyer (spec 02
 * §8): the cart for what its lines, documents (CHK-08) or vouchers must change; the unverified
 * page (CHK-04); the customer info step for what a guest may not buy (log in or sign up, CHK-02,
 * CHK-03, NET-03); the invoice email (CHK-07), the address (ACC-02), the agency and the slot
 * (CHK-05) for what they lack; the result popups for a refused or cancelled payment (PAY-03); the
 * payment step for the rest (PAY-04, an unexpected error, a lost connection), where Pay tries
 * again with the same order key.
 */
export function errorStepOf(code: string | null, buyer: { readonly guest: boolean }): ErrorStep {
  if (code === null) return 'payment';
  if (CART_ERRORS.has(code)) return 'backToCart';
  // CHK-03: a guest may buy the same lines with an account; a customer must change the cart.
  if (code === 'SUPPORT_NOT_OFFERED') return buyer.guest ? 'customerInfo' : 'backToCart';
  return ERROR_STEPS[code as ErrorCode] ?? 'payment';
}

/** The code an error carries (an AppError of the ticket client, or any object with a string code). */
export function errorCodeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : null;
}
