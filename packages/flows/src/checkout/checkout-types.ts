// What the checkout machine is given and what its actors receive and answer: the contract the
// web app (which starts the machine and provides the actors) and the ticket API (which answers
// Order/computeAmount.json, Order/placeOrder.json, Order/outcome.json and the collect slots) are
// wired to. Plain data, derived from the sdk's zod types (decisions 0017, 0019, 0021).

import type { CheckoutSettings, CommonPaymentOptions } from '@transit-shop/sdk/checkout/checkout-rules';
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
import type { ComputeAmountAnswer, computeAmountRequestSchema } from '@transit-shop/sdk/contract/order';
import { emailSchema } from '@transit-shop/sdk/validation/email';
import { z } from 'zod';
import type { CartItem } from '../cart/cart-types.ts';

export type { Delivery, OnlinePaymentMethod, OrderOutcome, OrderStatus, ShippingAddress };

// ---------------------------------------------------------------------------------------------
// The machine's input

/** The network's settings the checkout reads (the sdk's checkout rules define them). */
export type CheckoutNetwork = CheckoutSettings;

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

/** What the checkout machine holds (see checkout.machine.ts for its states). */
export type CheckoutContext = {
  readonly network: CheckoutNetwork;
  readonly cart: CheckoutCart;
  viewer: CheckoutViewer;
  /** The buyer once known: a guest with the invoice email, or the signed-in customer. */
  customer: CheckoutCustomer | null;
  /** The auth page the buyer was sent to from the customer info step. */
  authPage: 'login' | 'register' | null;
  /** The address the cards are posted to; while at its step, the draft as typed (checked on SUBMIT_ADDRESS). */
  shippingAddress: ShippingAddress | null;
  collectSiteId: number | null;
  collectSlots: CollectSlot[];
  /** The start of the chosen pick-up slot. */
  collectSlotStart: string | null;
  installments: number;
  paymentMethod: OnlinePaymentMethod;
  /** A saved card or bank account (PAY-01); null to pay on the provider's page. */
  savedMethodId: number | null;
  /** Keep the method paid with for later payments (a customer only, PAY-01). */
  saveMethod: boolean;
  /** PAY-02: the total and the schedule of the current choices; null while computing or after a failure. */
  amount: ComputeAmountAnswer | null;
  /** The attempt's idempotency key: one order however many times Pay is pressed. */
  orderKey: string;
  /** Whether placeOrder has been sent this key: a change of the order after it takes a new one. */
  orderKeySent: boolean;
  orderId: number | null;
  /** The provider's page placeOrder answered; null when none is needed. */
  redirectUrl: string | null;
  orderStatus: OrderStatus | null;
  /** The public reference of the order asked about (decision 0021); null before one is placed or known. */
  orderReference: string | null;
  /**
   * Whether an outcome the provider has not given yet is asked again: the provider sent the buyer
   * back (it has something to say) or the server charges a saved method. Otherwise the order is
   * still on the provider's page and the attempt goes on here with its key.
   */
  awaitingWord: boolean;
  /** What the server says of the order asked about (Order/outcome.json). */
  outcome: OrderOutcome | null;
  /** Whether the buyer's choices of this attempt are known (restored, or made here before Pay). */
  choicesKnown: boolean;
  /** ORDER_ALREADY_BOUGHT: how many minutes ago the same lines were bought. */
  repeatMinutes: number | null;
  /**
   * ORDER_ALREADY_BOUGHT to the session that bought them (another tab paid this cart): when, and
   * which order, to show before any "buy again" (decision 0039); null otherwise.
   */
  repeatOrder: RepeatOrder | null;
  /** Whether the order shown is one another tab (or an earlier attempt) paid for this cart. */
  paidElsewhere: boolean;
  /** The buyer chose to buy again lines bought minutes ago. */
  confirmRepeat: boolean;
  /** How many times the outcome was asked for since the last placeOrder or return. */
  acknowledgements: number;
  /** The code of the last error, for the page to say; see the header. */
  error: string | null;
  readonly createOrderKey: () => string;
};

/** The order that already bought the cart's lines, as ORDER_ALREADY_BOUGHT names it. */
export type RepeatOrder = {
  readonly orderId: number;
  readonly orderReference: string;
  /** When it was bought, an ISO instant. */
  readonly boughtAt: string;
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
