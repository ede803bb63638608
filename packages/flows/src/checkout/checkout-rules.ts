// The checkout's rules as pure functions (spec 01 §2 "Customer info step", §4 "Guest mode", §5
// "Cart and checkout" and "Account completeness", §6 "Guest", spec 02 §8 "Orders and cart" and
// "Payment"; CHK-01..07, NET-03..05, AUTH-04, PAY-01..04, ROUTE-10; decision 0019): who may buy
// and how, which steps and which delivery the cart needs, what the payment step offers, and where
// each error sends the buyer. The machine applies them; the checkout pages may ask them too.

import { hasTag } from '@transit-shop/sdk/catalogue/shop-listing';
import { CATALOGUE_TAGS } from '@transit-shop/sdk/contract/catalogue';
import { ONLINE_PAYMENT_METHODS, type OnlinePaymentMethod } from '@transit-shop/sdk/contract/checkout';
import type { ErrorCode } from '@transit-shop/sdk/errors/error-codes';
import { isAddressComplete } from '@transit-shop/sdk/validation/account-rules';
import { emailSchema } from '@transit-shop/sdk/validation/email';
import { VALIDATION_MESSAGES, type ValidationMessage } from '@transit-shop/sdk/validation/messages';
import type { CartItem } from '../cart/cart-storage.ts';
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

/** ACC-02: route, postal code, city and state (the sdk's rule, shared with the account pages). */
export { isAddressComplete };

// ---------------------------------------------------------------------------------------------
// Who buys (CHK-01..04, NET-03, ROUTE-10)

/** NET-03: guest orders are allowed only when the network's has_guest_orders is non-zero. */
export function areGuestOrdersAllowed(network: Pick<CheckoutNetwork, 'has_guest_orders'>): boolean {
  return network.has_guest_orders !== 0;
}

/**
 * CHK-03, "some supports are card-only for guests": the items the catalogue tags
 * eshop_guest_card_only (decision 0016) reach a guest on a transport card only, as the shop
 * already lists them to a guest session (offeredSupports in the sdk); any other item keeps every
 * support it offers. A visitor fills the cart before choosing to buy as a guest, so the rule is
 * checked again here, and by the server at placement.
 */
export function isGuestSupportAllowed(items: readonly Pick<CartItem, 'delivery' | 'item'>[]): boolean {
  return items.every(
    (line) => line.delivery === 'PHYSICAL' || !hasTag(line.item, CATALOGUE_TAGS.guestCardOnly),
  );
}

/** CHK-02: a guest may order up to the network's maximum order amount, included. */
export function isWithinGuestAmount(
  network: Pick<CheckoutNetwork, 'guestMaxOrderAmount'>,
  totalAmount: number,
): boolean {
  return totalAmount <= network.guestMaxOrderAmount;
}

/** Why this cart cannot be bought as a guest, or null when it can; the first reason in this order. */
export type GuestRefusal = Extract<
  ErrorCode,
  | 'GUEST_ORDER_NOT_ALLOWED'
  | 'SUPPORT_NOT_OFFERED'
  | 'GUEST_PAYMENT_METHOD_NOT_ALLOWED'
  | 'GUEST_AMOUNT_EXCEEDED'
>;

/**
 * NET-03, CHK-03, AUTH-04, CHK-02: whether "continue as guest" is open for this cart, in the order
 * the server checks it (decision 0019). A guest pays once, on the provider's page: later
 * instalments are charged to a saved method, which a guest has not (AUTH-04), so a cart that
 * cannot be paid in one payment needs an account too. Every refusal asks the buyer to log in or
 * sign up instead (the customer info step keeps those two).
 */
export function guestRefusalOf(
  network: Pick<
    CheckoutNetwork,
    'has_guest_orders' | 'guestMaxOrderAmount' | 'multiple_payment_installments'
  >,
  cart: Pick<CheckoutCart, 'items' | 'totalAmount' | 'paymentOptions'>,
): GuestRefusal | null {
  if (!areGuestOrdersAllowed(network)) return 'GUEST_ORDER_NOT_ALLOWED';
  if (!isGuestSupportAllowed(cart.items)) return 'SUPPORT_NOT_OFFERED';
  if (!installmentOptionsOf(network, cart).includes(1)) return 'GUEST_PAYMENT_METHOD_NOT_ALLOWED';
  if (!isWithinGuestAmount(network, cart.totalAmount)) return 'GUEST_AMOUNT_EXCEEDED';
  return null;
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
      return guestRefusalOf(network, cart) === null ? 'identified' : 'guestRefused';
    case 'customer':
      if (!viewer.verified) return 'unverified';
      if (!viewer.complete) return 'finalizeAccount';
      return 'identified';
  }
}

/** CHK-07: the email a guest's invoice is sent to must be an address (VAL-03). */
export function isInvoiceEmailValid(email: string): boolean {
  return emailSchema.safeParse(email).success;
}

/**
 * Why an invoice email is refused (VAL-03, VAL-06): an empty one is required, any other is not an
 * address; null when it is one.
 */
export function invoiceEmailIssueOf(email: string): ValidationMessage | null {
  const issue = emailSchema.safeParse(email).error?.issues[0];
  if (!issue) return null;
  return issue.message === VALIDATION_MESSAGES.required
    ? VALIDATION_MESSAGES.required
    : VALIDATION_MESSAGES.email;
}

// ---------------------------------------------------------------------------------------------
// Delivery steps (CHK-05, CHK-06, ACC-02)

/** A PHYSICAL article picked up at an agency (click and collect: the item's eshop_collect tag). */
export function isCollectArticle(line: Pick<CartItem, 'delivery' | 'item'>): boolean {
  return line.delivery === 'PHYSICAL' && hasTag(line.item, CATALOGUE_TAGS.collect);
}

/** CHK-05: the cart needs an agency and a pick-up slot. */
export function needsCollect(items: readonly Pick<CartItem, 'delivery' | 'item'>[]): boolean {
  return items.some(isCollectArticle);
}

/**
 * A PHYSICAL article without a transport card the buyer holds (mediaId) is a new card, posted to a
 * shipping address; unless the order is collected at an agency, where the new cards wait too (an
 * order has one delivery, decision 0019).
 */
export function needsShippingAddress(
  items: readonly Pick<CartItem, 'delivery' | 'item' | 'mediaId'>[],
): boolean {
  return !needsCollect(items) && items.some((line) => line.delivery === 'PHYSICAL' && line.mediaId === null);
}

/** ACC-02 plus the name the parcel is addressed to. */
export function isShippingAddressComplete(address: ShippingAddress | null | undefined): boolean {
  return !!address && address.fullname.trim() !== '' && isAddressComplete(address);
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
  items: readonly Pick<CartItem, 'delivery' | 'item' | 'mediaId'>[],
  choices: {
    readonly collectSiteId: number | null;
    readonly collectSlotStart: string | null;
    readonly shippingAddress: ShippingAddress | null;
  },
): Delivery | null {
  const collect = collectChoiceOf(choices);
  if (needsCollect(items)) return collect && { mode: 'COLLECT', ...collect };
  if (needsShippingAddress(items) && choices.shippingAddress)
    return { mode: 'SHIPPING', address: choices.shippingAddress };
  return null;
}

const HOUR = 3_600_000;

/** CHK-06: click-and-collect tickets are at the agency from 48 to 72 hours after the order. */
export function collectAvailabilityOf(orderedAt: Date): { readonly from: Date; readonly until: Date } {
  return {
    from: new Date(orderedAt.getTime() + 48 * HOUR),
    until: new Date(orderedAt.getTime() + 72 * HOUR),
  };
}

// ---------------------------------------------------------------------------------------------
// Payment (PAY-01, PAY-02, PAY-04, NET-04, NET-05, AUTH-04)

/**
 * NET-05, CART-09, PAY-02: the instalment counts the network offers (multiple_payment_installments)
 * that every article allows, smallest first. Empty: INCOMPATIBLE_INSTALLMENTS. A guest pays in one
 * payment (AUTH-04: later debits need a saved method).
 */
export function installmentOptionsOf(
  network: Pick<CheckoutNetwork, 'multiple_payment_installments'>,
  cart: Pick<CheckoutCart, 'paymentOptions'>,
  customer: CheckoutCustomer | null = null,
): number[] {
  return [...new Set(network.multiple_payment_installments)]
    .filter((count) => cart.paymentOptions.installments.includes(count))
    .filter((count) => customer?.kind !== 'guest' || count === 1)
    .sort((a, b) => a - b);
}

/**
 * NET-04, PAY-01, CART-09: CARD always, TRANSFER (SEPA direct debit) when the network enables it;
 * of those, the ones every article shares, as the ticket API's pricing computes them (the server
 * refuses any other with INCOMPATIBLE_PAYMENT_METHODS). Empty: INCOMPATIBLE_PAYMENT_METHODS.
 */
export function paymentMethodOptionsOf(
  network: Pick<CheckoutNetwork, 'payment'>,
  cart: Pick<CheckoutCart, 'paymentOptions'>,
): OnlinePaymentMethod[] {
  return ONLINE_PAYMENT_METHODS.filter(
    (method) =>
      (method === 'CARD' || network.payment.transfer_enabled) &&
      cart.paymentOptions.paymentMethods.includes(method),
  );
}

/** PAY-04: why the cart cannot be paid at all on this network, or null. */
export function paymentOptionsRefusalOf(
  network: Pick<CheckoutNetwork, 'multiple_payment_installments' | 'payment'>,
  cart: Pick<CheckoutCart, 'paymentOptions'>,
): Extract<ErrorCode, 'INCOMPATIBLE_INSTALLMENTS' | 'INCOMPATIBLE_PAYMENT_METHODS'> | null {
  if (installmentOptionsOf(network, cart).length === 0) return 'INCOMPATIBLE_INSTALLMENTS';
  if (paymentMethodOptionsOf(network, cart).length === 0) return 'INCOMPATIBLE_PAYMENT_METHODS';
  return null;
}

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
