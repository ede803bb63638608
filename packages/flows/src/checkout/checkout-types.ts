// What the checkout machine is given and what its actors receive and answer: the contract the
// web app (which starts the machine and provides the actors) and the ticket API (which answers
// Order/computeAmount.json, Order/placeOrder.json, Payment/acknowledge.json and the collect slots)
// are wired to. Plain data, derived from the sdk's zod types where the contract already has them.

import type { Address } from '@transit-shop/sdk/contract/auth-user';
import {
  INSTALMENTS_MAX,
  type PaymentMethod,
  paymentMethodSchema,
} from '@transit-shop/sdk/contract/catalogue';
import { idSchema } from '@transit-shop/sdk/contract/fields';
import type { NetworkConfiguration } from '@transit-shop/sdk/contract/networks';
import type { ComputeAmountAnswer, OrderArticle } from '@transit-shop/sdk/contract/order';
import { z } from 'zod';
import type { CommonPaymentOptions } from '../cart/cart-rules.ts';
import type { CartItem } from '../cart/cart-storage.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations

/** Order statuses (spec 02 §4, ORD-01). */
export const ORDER_STATUSES = [
  'COMPLETED',
  'CANCELED',
  'ERROR',
  'PENDING',
  'PROCESSING',
  'REGULARIZATION',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/**
 * The `status` the payment provider appends to the return address (decision 0018): a hint for
 * the page while the server is asked, never the order's outcome.
 */
export const PROVIDER_STATUS_HINTS = [
  'open',
  'pending',
  'succeeded',
  'refused',
  'cancelled',
  'expired',
] as const;
export const providerStatusHintSchema = z.enum(PROVIDER_STATUS_HINTS);
export type ProviderStatusHint = z.infer<typeof providerStatusHintSchema>;

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
  readonly method: PaymentMethod;
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
  /** Makes an order key (a UUID); crypto.randomUUID by default. */
  readonly createOrderKey?: () => string;
};

// ---------------------------------------------------------------------------------------------
// Choices

/** Where a new transport card is posted: the account's address fields plus the addressee. */
export const shippingAddressSchema = z.object({
  fullname: z.string().max(200),
  addressRoute: z.string().max(200),
  addressPostalCode: z.string().max(20),
  addressCity: z.string().max(100),
  addressState: z.string().max(100),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** A pick-up time slot at a collect agency (CHK-05). */
export const collectSlotSchema = z.object({
  id: z.string().min(1).max(100),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  /** No place is left in it: it is shown, not chosen. */
  full: z.boolean(),
});
export type CollectSlot = z.infer<typeof collectSlotSchema>;

/** The agency (a collect site of Networks/collectSites) and the slot chosen. */
export type CollectChoice = { readonly siteId: number; readonly slotId: string };

// ---------------------------------------------------------------------------------------------
// The actors' inputs and outputs

/** loadCollectSlots: the pick-up slots of one agency, in time order. */
export type LoadCollectSlotsInput = { readonly siteId: number };
export type LoadCollectSlotsOutput = CollectSlot[];

/**
 * computeAmount: Order/computeAmount.json without the session, network and language, which the
 * ticket client adds. Answers the total and the instalment schedule (PAY-02).
 */
export type ComputeAmountInput = {
  readonly articles: OrderArticle[];
  readonly vouchers: string[];
  readonly shippingFeeShopItemId: number | null;
  readonly installments: number;
  readonly paymentMethod: PaymentMethod;
};
export type ComputeAmountOutput = ComputeAmountAnswer;

/**
 * placeOrder: Order/placeOrder.json. `orderKey` makes it idempotent: the same key answers the
 * same order, so a double submit or a retry after a lost answer never makes a second order.
 */
export type PlaceOrderInput = ComputeAmountInput & {
  readonly orderKey: string;
  /** A saved card or bank account the server charges itself; null for the provider's page. */
  readonly savedMethodId: number | null;
  /** The total the buyer saw (computeAmount), so the server refuses to charge another one. */
  readonly expectedTotalAmount: number;
  readonly shippingAddress: ShippingAddress | null;
  readonly collect: CollectChoice | null;
  /** CHK-07: a guest's invoice goes to this address; null for a customer. */
  readonly invoiceEmail: string | null;
};
export type PlaceOrderOutput = {
  readonly orderId: number;
  /** The provider's hosted page; null when nothing is left for the buyer to do (saved method, total 0). */
  readonly redirectUrl: string | null;
  readonly status: OrderStatus;
};

/** goToProvider: keeps `attempt` in session storage under `checkout`, then sends the browser to `url`. */
export type GoToProviderInput = { readonly url: string; readonly attempt: SavedCheckout };

/** acknowledgePayment: Payment/acknowledge.json; the server asks the provider and answers the order's status. */
export type AcknowledgePaymentInput = {
  readonly orderId: number;
  readonly hint: ProviderStatusHint | null;
};
export type AcknowledgePaymentOutput = { readonly status: OrderStatus };

// ---------------------------------------------------------------------------------------------
// What survives the provider's redirect (session storage, key `checkout`)

export const CHECKOUT_STORAGE_KEY = 'checkout';
export const CHECKOUT_STORAGE_VERSION = 1;

export const savedCheckoutSchema = z.object({
  version: z.literal(CHECKOUT_STORAGE_VERSION),
  orderKey: z.uuid(),
  /** The order placed under orderKey; null before placeOrder answered. */
  orderId: idSchema.nullable(),
  invoiceEmail: z.string().max(254).nullable(),
  shippingAddress: shippingAddressSchema.nullable(),
  collect: z.object({ siteId: idSchema, slotId: z.string().min(1).max(100) }).nullable(),
  installments: z.number().int().min(1).max(INSTALMENTS_MAX),
  paymentMethod: paymentMethodSchema,
  savedMethodId: idSchema.nullable(),
});
export type SavedCheckout = z.infer<typeof savedCheckoutSchema>;
