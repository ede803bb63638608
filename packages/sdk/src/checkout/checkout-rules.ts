// The checkout's rules as pure functions, shared by the browser's checkout (packages/flows, the web
// pages) and the ticket API's placement (spec 01 §2 "Customer info step", §4 "Guest mode", §5 "Cart
// and checkout", spec 02 §8 "Orders and cart" and "Payment"; CHK-02..08, NET-03..05, AUTH-04,
// PAY-01, PAY-02, PAY-04, CART-09, ACC-02; decision 0019): who may buy as a guest, which delivery
// and documents the lines need, and what the payment step may offer.
import { hasTag } from '../catalogue/shop-listing.ts';
import { CATALOGUE_TAGS, type PaymentMethod, type ShopItem } from '../contract/catalogue.ts';
import {
  ONLINE_PAYMENT_METHODS,
  type OnlinePaymentMethod,
  type ShippingAddress,
} from '../contract/checkout.ts';
import type { NetworkConfiguration } from '../contract/networks.ts';
import type { OrderArticle } from '../contract/order.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import { emailSchema } from '../validation/email.ts';
import { VALIDATION_MESSAGES, type ValidationMessage } from '../validation/messages.ts';

/**
 * A line as the checkout reads it: its shop item, the support it is delivered on and the transport
 * card it goes on (an order article's support and mediaId, with the item it names).
 */
export type CheckoutLine = Pick<OrderArticle, 'support' | 'mediaId'> & {
  readonly item: Pick<ShopItem, 'tags'>;
  /** Bought as a tacit subscription (decision 0043): only with an account. */
  readonly isSubscription?: boolean;
};

/** The payment options a set of items shares (CART-09). */
export type CommonPaymentOptions = {
  readonly installments: readonly number[];
  readonly paymentMethods: readonly PaymentMethod[];
};

/**
 * The network's settings the checkout reads: has_guest_orders (NET-03), multiple_payment_installments
 * (NET-05), payment.transfer_enabled (NET-04), and the tenant's guestMaxOrderAmount (CHK-02, minor units).
 */
export type CheckoutSettings = Pick<
  NetworkConfiguration,
  'has_guest_orders' | 'multiple_payment_installments' | 'payment'
> & { readonly guestMaxOrderAmount: number };

// ---------------------------------------------------------------------------------------------
// Guests (NET-03, CHK-02, CHK-03, AUTH-04)

/** NET-03: guest orders are allowed only when the network's has_guest_orders is non-zero. */
export function areGuestOrdersAllowed(network: Pick<CheckoutSettings, 'has_guest_orders'>): boolean {
  return network.has_guest_orders !== 0;
}

/**
 * CHK-03, "some supports are card-only for guests": the items the catalogue tags
 * eshop_guest_card_only (decision 0016) reach a guest on a transport card only, as the shop
 * already lists them to a guest session (offeredSupports); any other item keeps every support it
 * offers.
 */
export function isGuestSupportAllowed(lines: readonly Pick<CheckoutLine, 'support' | 'item'>[]): boolean {
  return lines.every(
    (line) => line.support === 'PHYSICAL' || !hasTag(line.item, CATALOGUE_TAGS.guestCardOnly),
  );
}

/** CHK-02: a guest may order up to the network's maximum order amount, included. */
export function isWithinGuestAmount(
  network: Pick<CheckoutSettings, 'guestMaxOrderAmount'>,
  totalAmount: number,
): boolean {
  return totalAmount <= network.guestMaxOrderAmount;
}

/** AUTH-04: a guest pays once, on the provider's page; later instalments need a saved method. */
export function isGuestInstallmentCount(count: number): boolean {
  return count === 1;
}

/** Why a cart cannot be bought as a guest, or null when it can; the first reason in this order. */
export type GuestRefusal = Extract<
  ErrorCode,
  | 'GUEST_ORDER_NOT_ALLOWED'
  | 'SUPPORT_NOT_OFFERED'
  | 'GUEST_SUBSCRIPTION_NOT_ALLOWED'
  | 'GUEST_PAYMENT_METHOD_NOT_ALLOWED'
  | 'GUEST_AMOUNT_EXCEEDED'
>;

/**
 * NET-03, CHK-03, AUTH-04, CHK-02: whether "continue as guest" is open for this cart, in the order
 * the server checks it (decision 0019). A cart that cannot be paid in one payment, or that holds a
 * tacit subscription (managed, renewed and terminated in an account, decision 0043), needs an account.
 */
export function guestRefusalOf(
  network: Pick<
    CheckoutSettings,
    'has_guest_orders' | 'guestMaxOrderAmount' | 'multiple_payment_installments'
  >,
  cart: {
    readonly lines: readonly Pick<CheckoutLine, 'support' | 'item' | 'isSubscription'>[];
    readonly totalAmount: number;
    readonly paymentOptions: Pick<CommonPaymentOptions, 'installments'>;
  },
): GuestRefusal | null {
  if (!areGuestOrdersAllowed(network)) return 'GUEST_ORDER_NOT_ALLOWED';
  if (!isGuestSupportAllowed(cart.lines)) return 'SUPPORT_NOT_OFFERED';
  if (cart.lines.some((line) => line.isSubscription)) return 'GUEST_SUBSCRIPTION_NOT_ALLOWED';
  if (!installmentOptionsOf(network, cart).some(isGuestInstallmentCount))
    return 'GUEST_PAYMENT_METHOD_NOT_ALLOWED';
  if (!isWithinGuestAmount(network, cart.totalAmount)) return 'GUEST_AMOUNT_EXCEEDED';
  return null;
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
// Delivery and documents (CHK-05, CHK-06, CHK-08, ACC-02)

/** A PHYSICAL article picked up at an agency (click and collect: the item's eshop_collect tag). */
export function isCollectArticle(line: Pick<CheckoutLine, 'support' | 'item'>): boolean {
  return line.support === 'PHYSICAL' && hasTag(line.item, CATALOGUE_TAGS.collect);
}

/** CHK-05: the order needs an agency and a pick-up slot. */
export function needsCollect(lines: readonly Pick<CheckoutLine, 'support' | 'item'>[]): boolean {
  return lines.some(isCollectArticle);
}

/**
 * How many of a line's option are sold with its `quantity` units: a transport card (a new card or a
 * replacement) once per line, as the card carries all its tickets (decision 0037); any other option
 * with each unit.
 */
export function optionQuantityOf(option: Pick<ShopItem, 'tags'>, quantity: number): number {
  return hasTag(option, CATALOGUE_TAGS.physicalPass) || hasTag(option, CATALOGUE_TAGS.physicalDuplicate)
    ? 1
    : quantity;
}

/**
 * A PHYSICAL article without a transport card the buyer holds (mediaId) is a new card, posted to a
 * shipping address; unless the order is collected at an agency, where the new cards wait too (an
 * order has one delivery, decision 0019).
 */
export function needsShippingAddress(lines: readonly CheckoutLine[]): boolean {
  return !needsCollect(lines) && lines.some((line) => line.support === 'PHYSICAL' && line.mediaId === null);
}

/** ACC-02 plus the name the parcel is addressed to, in the order a form shows them. */
export const SHIPPING_ADDRESS_PARTS = [
  'fullname',
  'addressRoute',
  'addressPostalCode',
  'addressCity',
  'addressState',
] as const satisfies readonly (keyof ShippingAddress)[];
export type ShippingAddressPart = (typeof SHIPPING_ADDRESS_PARTS)[number];

/** The parts of a shipping address left empty (blank counts as empty); all of them for none. */
export function missingShippingAddressParts(
  address: ShippingAddress | null | undefined,
): ShippingAddressPart[] {
  return SHIPPING_ADDRESS_PARTS.filter((part) => !address || address[part].trim() === '');
}

/** ACC-02 plus the name the parcel is addressed to. */
export function isShippingAddressComplete(address: ShippingAddress | null | undefined): boolean {
  return missingShippingAddressParts(address).length === 0;
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
// Payment (PAY-01, PAY-02, PAY-04, NET-04, NET-05, CART-09, AUTH-04)

/** CART-09: the instalment counts and payment methods every item allows; null for no item. */
export function commonPaymentOptions(
  items: readonly { readonly paymentOptions: CommonPaymentOptions }[],
): CommonPaymentOptions | null {
  const [first, ...rest] = items;
  if (!first) return null;
  return rest.reduce<CommonPaymentOptions>(
    (common, item) => ({
      installments: common.installments.filter((n) => item.paymentOptions.installments.includes(n)),
      paymentMethods: common.paymentMethods.filter((m) => item.paymentOptions.paymentMethods.includes(m)),
    }),
    {
      installments: [...new Set(first.paymentOptions.installments)].sort((a, b) => a - b),
      paymentMethods: [...new Set(first.paymentOptions.paymentMethods)],
    },
  );
}

/**
 * NET-05, CART-09, PAY-02: the instalment counts the network offers (multiple_payment_installments)
 * that every article allows, smallest first. Empty: INCOMPATIBLE_INSTALLMENTS. A guest pays in one
 * payment (AUTH-04).
 */
export function installmentOptionsOf(
  network: Pick<CheckoutSettings, 'multiple_payment_installments'>,
  cart: { readonly paymentOptions: Pick<CommonPaymentOptions, 'installments'> },
  buyer: { readonly kind: string } | null = null,
): number[] {
  return [...new Set(network.multiple_payment_installments)]
    .filter((count) => cart.paymentOptions.installments.includes(count))
    .filter((count) => buyer?.kind !== 'guest' || isGuestInstallmentCount(count))
    .sort((a, b) => a - b);
}

/**
 * NET-04, PAY-01, CART-09: CARD always, TRANSFER (SEPA direct debit) when the network enables it;
 * of those, the ones every article shares. Empty: INCOMPATIBLE_PAYMENT_METHODS.
 */
export function paymentMethodOptionsOf(
  network: Pick<CheckoutSettings, 'payment'>,
  cart: { readonly paymentOptions: Pick<CommonPaymentOptions, 'paymentMethods'> },
): OnlinePaymentMethod[] {
  return ONLINE_PAYMENT_METHODS.filter(
    (method) =>
      (method === 'CARD' || network.payment.transfer_enabled) &&
      cart.paymentOptions.paymentMethods.includes(method),
  );
}

/** PAY-04: why the cart cannot be paid at all on this network, or null. */
export function paymentOptionsRefusalOf(
  network: Pick<CheckoutSettings, 'multiple_payment_installments' | 'payment'>,
  cart: { readonly paymentOptions: CommonPaymentOptions },
): Extract<ErrorCode, 'INCOMPATIBLE_INSTALLMENTS' | 'INCOMPATIBLE_PAYMENT_METHODS'> | null {
  if (installmentOptionsOf(network, cart).length === 0) return 'INCOMPATIBLE_INSTALLMENTS';
  if (paymentMethodOptionsOf(network, cart).length === 0) return 'INCOMPATIBLE_PAYMENT_METHODS';
  return null;
}
