// What the checkout machine is given and what its actors receive and answer: the contract the
// web app (which starts the machine and provides the actors) and the ticket API (which answers
// Order/computeAmount.json, Order/placeOrder.json, Order/outcome.json and the collect slots) are
// wired to. Plain data, derived from the sdk's zod types (decisions 0017, 0019, 0021).
import type { Address } from '@transit-shop/sdk/contract/auth-user';
import { INSTALMENTS_MAX } from '@transit-shop/sdk/contract/catalogue';
import {
  type Delivery,
  type OnlinePaymentMethod,
  type OrderOutcome,
  type OrderStatus,
  onlinePaymentMethodSchema,
  orderReferenceSchema,
  type PlaceOrderAnswer,
  type placeOrderRequestSchema,
  type ShippingAddress,
  shippingAddressSchema,
} from '@transit-shop/sdk/contract/checkout';
import { idSchema, isoDateTimeSchema } from '@transit-shop/sdk/contract/fields';
import type { NetworkConfiguration } from '@transit-shop/sdk/contract/networks';
import type { ComputeAmountAnswer, computeAmountRequestSchema } from '@transit-shop/sdk/contract/order';
import { emailSchema } from '@transit-shop/sdk/validation/email';
import { z } from 'zod';
import type { CommonPaymentOptions } from '../cart/cart-rules.ts';
import type { CartItem } from '../cart/cart-storage.ts';

export type { Delivery, OnlinePaymentMethod, OrderOutcome, OrderStatus, ShippingAddress };

// ---------------------------------------------------------------------------------------------
// The machine's input

/**
 * The network's settings the checkout reads: has_guest_orders (NET-03),
 * multiple_payment_installments (NET-05) and payment.transfer_enabled (NET-04) as
 * Networks/getNetworkConfiguration.json answers them, and the tenant's guestMaxOrderAmount (CHK-02,
 * minor units; the page's bootstrap carries it beside the configuration).
 */
export type CheckoutNetwork = Pick<
  NetworkConfiguration,
  'has_guest_orders' | 'multiple_payment_installments' | 'payment'
> & { readonly guestMaxOrderAmount: number };

/** A card or bank account saved with the account (Account/getCards.json), offered to customers only. */
export type SavedPaymentMethod = {
  readonly id: number;
  /** CARD for a card, TRANSFER for a bank account's SEPA mandate. */
  readonly method: OnlinePaymentMethod;
  /** What the page shows: the card's last digits and expiry, or the IBAN's last digits. */
  readonly label: string;
  readonly locked: boolean;
};

/** Who opens the checkout, as the session knows them. */
export type CheckoutViewer =
  /** Not signed in. */
  | { readonly kind: 'visitor' }
  /** A guest session (authAsGuest, AUTH-04); its invoice email if the guest gave one already. */
  | { readonly kind: 'guest'; readonly invoiceEmail: string | null }
  /** Signed in with an account. */
  | {
      readonly kind: 'customer';
      /** AUTH-12 (isAccountVerified in the sdk); an unverified account cannot buy (CHK-04). */
      readonly verified: boolean;
      /** ACC-01 (isAccountComplete in the sdk); otherwise auth/finalize first (ROUTE-10). */
      readonly complete: boolean;
      /** The holder's first and last name, which a shipping address starts from. */
      readonly fullname: string;
      /** The account's address, which a shipping address starts from. */
      readonly address: Address | null;
      /** PAY-01: the saved cards and bank accounts the payment step may offer. */
      readonly savedMethods: readonly SavedPaymentMethod[];
    };

/** The buyer once the customer info step is passed. */
export type CheckoutCustomer =
  | { readonly kind: 'guest'; readonly invoiceEmail: string }
  | Extract<CheckoutViewer, { kind: 'customer' }>;

/** The cart as the cart machine holds it after a verification (Order/verify.json). */
export type CheckoutCart = {
  readonly items: readonly CartItem[];
  readonly vouchers: readonly string[];
  /** The verified total (verifiedTotalAmount), minor units. */
  readonly totalAmount: number;
  /** The payment options every line shares (CART-09): verify's paymentOptions. */
  readonly paymentOptions: CommonPaymentOptions;
  /** The cart's shippingFeeProduct, when a delivery is charged. */
  readonly shippingFeeShopItemId?: number | null;
};

export type CheckoutInput = {
  readonly network: CheckoutNetwork;
  readonly viewer: CheckoutViewer;
  readonly cart: CheckoutCart;
  /** What session storage holds under `checkout` (its text or the value parsed); see restoreCheckout. */
  readonly saved?: unknown;
  /**
   * The order reference the provider's return address carries (`?order=`, decision 0021), as read
   * from the address: its outcome is shown whatever the tab, browser or device. An unreadable one is none.
   */
  readonly returnedOrder?: string | null;
  /** The reference of an order the cart remembers leaving for the provider with (decision 0021). */
  readonly orderInFlight?: string | null;
  /** Makes an order key (a UUID); crypto.randomUUID by default. */
  readonly createOrderKey?: () => string;
};

// ---------------------------------------------------------------------------------------------
// Choices

/** A pick-up time slot at a collect agency (CHK-05), named by its start. */
export const collectSlotSchema = z.object({
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
  /** No place is left in it: it is shown, not chosen. */
  full: z.boolean(),
});
export type CollectSlot = z.infer<typeof collectSlotSchema>;

/** The agency (a collect site of Networks/collectSites) and the start of the slot chosen. */
export type CollectChoice = Omit<Extract<Delivery, { mode: 'COLLECT' }>, 'mode'>;

// ---------------------------------------------------------------------------------------------
// The actors' inputs and outputs

/** loadCollectSlots: the pick-up slots of one agency, in time order. */
export type LoadCollectSlotsInput = { readonly siteId: number };
export type LoadCollectSlotsOutput = CollectSlot[];

type ComputeAmountRequest = z.output<typeof computeAmountRequestSchema>;
type PlaceOrderRequest = z.output<typeof placeOrderRequestSchema>;
/** What the cart and the instalment count put in every order call. */
type OrderCart = 'articles' | 'vouchers' | 'shippingFeeShopItemId' | 'installments';

/**
 * computeAmount: Order/computeAmount.json without the session, network and language, which the
 * ticket client adds. Answers the total and the instalment schedule (PAY-02).
 */
export type ComputeAmountInput = Pick<ComputeAmountRequest, OrderCart> & {
  readonly paymentMethod: OnlinePaymentMethod;
};
export type ComputeAmountOutput = ComputeAmountAnswer;

/**
 * placeOrder: Order/placeOrder.json (decision 0019) without the session, network, language and
 * `returnUrl`, which the page adds. `orderKey` makes it idempotent: the same key answers the same
 * order, so a double submit or a retry after a lost answer never makes a second order.
 * `confirmRepeat`: the buyer chose to buy again lines bought minutes ago (ORDER_ALREADY_BOUGHT,
 * decision 0021).
 */
export type PlaceOrderInput = Pick<
  PlaceOrderRequest,
  | OrderCart
  | 'paymentMethod'
  | 'orderKey'
  | 'savedPaymentMethodId'
  | 'saveMethod'
  | 'delivery'
  | 'invoiceEmail'
  | 'confirmRepeat'
>;
/** `redirectUrl` is the provider's hosted page; null when nothing is left to pay on a page (saved method, total 0). */
export type PlaceOrderOutput = Pick<
  PlaceOrderAnswer,
  'orderId' | 'redirectUrl' | 'status' | 'orderReference'
>;

/** goToProvider: keeps `attempt` in session storage under `checkout`, then sends the browser to `url`. */
export type GoToProviderInput = { readonly url: string; readonly attempt: SavedCheckout };

/**
 * readOutcome: Order/outcome.json, the order's outcome as the server knows it, by its public
 * reference (the server asks the provider while it has not answered; decision 0021).
 */
export type ReadOutcomeInput = { readonly orderReference: string };
export type ReadOutcomeOutput = OrderOutcome;

// ---------------------------------------------------------------------------------------------
// What survives the provider's redirect (session storage, key `checkout`)

export const CHECKOUT_STORAGE_KEY = 'checkout';
export const CHECKOUT_STORAGE_VERSION = 1;

export const savedCheckoutSchema = z.object({
  version: z.literal(CHECKOUT_STORAGE_VERSION),
  orderKey: z.uuid(),
  /** The order placed under orderKey; null before placeOrder answered. */
  orderId: idSchema.nullable(),
  /** Its public reference (decision 0021); absent from an attempt kept before references existed. */
  orderReference: orderReferenceSchema.nullable().default(null),
  invoiceEmail: emailSchema.nullable(),
  shippingAddress: shippingAddressSchema.nullable(),
  collect: z.strictObject({ siteId: idSchema, slotStart: isoDateTimeSchema }).nullable(),
  installments: z.number().int().min(1).max(INSTALMENTS_MAX),
  paymentMethod: onlinePaymentMethodSchema,
  savedMethodId: idSchema.nullable(),
  saveMethod: z.boolean(),
});
export type SavedCheckout = z.infer<typeof savedCheckoutSchema>;
