// The checkout's calls (spec 02 §7 "Orders" and Payment/acknowledge.json, spec 01 "Cart and
// checkout"): placing an order once per key and paying it on the provider's hosted page, an order
// without payment, the customer's orders and one order's history, its invoice, and the browser's
// return from the provider, and an order's outcome read by its reference in any tab or device.
// Shapes the spec leaves open: decisions 0019 and 0021.
import { z } from 'zod';
import { localeSchema } from '../locale.schema.ts';
import { emailSchema } from '../validation/email.ts';
import { authUserSchema } from './auth-user.ts';
import { currencySchema, INSTALMENTS_MAX, moneySchema, supportSchema } from './catalogue.ts';
import { defineCall } from './define-call.ts';
import { originTypeSchema } from './enumerations.ts';
import {
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  networkInstantSchema,
  signedRequest,
  textIdSchema,
  userTokenSchema,
} from './fields.ts';
import { computeAmountRequestSchema, discountSchema, ORDER_LINE_KINDS } from './order.ts';
import { orderTicketsSchema } from './order-tickets.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations (spec 02 §4)

/** ORD-01. What each means: decision 0019. */
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

/** ORD-02: where the back office is with the order's tickets (issue, load on a card, prepare for collect). */
export const ORDER_PROCESS_STATUSES = ['PROCESSING', 'TO_PROCESS', 'PROCESSED'] as const;
export const orderProcessStatusSchema = z.enum(ORDER_PROCESS_STATUSES);
export type OrderProcessStatus = z.infer<typeof orderProcessStatusSchema>;

/** The methods a buyer pays with online (PAY-01): a card, or a SEPA direct debit (TRANSFER, NET-04). */
export const ONLINE_PAYMENT_METHODS = ['CARD', 'TRANSFER'] as const;
export const onlinePaymentMethodSchema = z.enum(ONLINE_PAYMENT_METHODS);
export type OnlinePaymentMethod = z.infer<typeof onlinePaymentMethodSchema>;

/** One payment at the provider: its hosted page, a charge of a saved method (an instalment). */
export const PAYMENT_STATUSES = ['OPEN', 'PENDING', 'SUCCEEDED', 'REFUSED', 'CANCELLED', 'EXPIRED'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** One debit of the instalment plan (PAY-02). */
export const INSTALMENT_STATUSES = ['SCHEDULED', 'PENDING', 'PAID', 'FAILED', 'CANCELLED'] as const;
export const instalmentStatusSchema = z.enum(INSTALMENT_STATUSES);
export type InstalmentStatus = z.infer<typeof instalmentStatusSchema>;

/** What the order's history records, in order. */
export const ORDER_EVENT_TYPES = [
  'PLACED',
  'PAYMENT_STARTED',
  'PAYMENT_PENDING',
  'PAYMENT_SUCCEEDED',
  'PAYMENT_REFUSED',
  'PAYMENT_CANCELLED',
  'PAYMENT_EXPIRED',
  'COMPLETED',
  'INSTALMENT_PAID',
  'INSTALMENT_FAILED',
] as const;
export const orderEventTypeSchema = z.enum(ORDER_EVENT_TYPES);
export type OrderEventType = z.infer<typeof orderEventTypeSchema>;

export const SAVED_METHOD_KINDS = ['CARD', 'TRANSFER'] as const;
export const savedMethodKindSchema = z.enum(SAVED_METHOD_KINDS);

// ---------------------------------------------------------------------------------------------
// Limits (ours)

/** Orders per page of Order/getOrders.json. */
export const ORDERS_PAGE_SIZE_DEFAULT = 20;
export const ORDERS_PAGE_SIZE_MAX = 50;
/** The longest path the provider sends the browser back to. */
export const RETURN_PATH_MAX_LENGTH = 200;
/**
 * Ours (decision 0021): a second order of the same lines by the same buyer within this many minutes
 * of one they bought is placed only once the buyer confirms it (ORDER_ALREADY_BOUGHT).
 */
export const REPEAT_ORDER_WINDOW_MINUTES = 30;
/** The query parameter of the return address that carries the order's reference (decision 0021). */
export const ORDER_REFERENCE_PARAM = 'order';

// ---------------------------------------------------------------------------------------------
// The request's parts

const addressPart = (max: number) => z.string().trim().max(max);

/**
 * The cart's delivery (spec 02 "Cart state": fullname and the four address parts). Parts may
 * arrive empty: the server answers SHIPPING_ADDRESS_INCOMPLETE with one issue per missing part
 * when the order needs the address (ACC-02), rather than a bare invalid request.
 */
export const shippingAddressSchema = z.strictObject({
  fullname: addressPart(200),
  addressRoute: addressPart(200),
  addressPostalCode: addressPart(20),
  addressCity: addressPart(100),
  addressState: addressPart(100),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/**
 * How the PHYSICAL articles that go on no existing card reach the buyer: posted to an address, or
 * collected at one of the network's collect sites in a time slot (CHK-05, CHK-06). Null when every
 * article is DEMATERIALIZED or loaded on a card the buyer holds (mediaId).
 */
export const deliverySchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('SHIPPING'), address: shippingAddressSchema }),
  z.strictObject({
    mode: z.literal('COLLECT'),
    /** One of the network's collectSites. */
    siteId: idSchema,
    /** The start of the chosen pick-up slot. */
    slotStart: isoDateTimeSchema,
  }),
]);
export type Delivery = z.infer<typeof deliverySchema>;

/** A path of the shop (not another origin): where the provider sends the browser back, with `checkout` and `status` appended. */
export const returnPathSchema = z
  .string()
  .max(RETURN_PATH_MAX_LENGTH)
  .regex(
    /^\/(?!\/)[A-Za-z0-9\-._~/]*(?:\?[A-Za-z0-9\-._~=&%]*)?$/,
    'a path of the shop such as /cart/checkout',
  );

/** A provider's checkout id, as it comes back in the browser's return address. */
export const checkoutIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

/**
 * An order's public reference (decision 0021): 32 random bytes in base64url, 43 characters, given
 * at placement. Whoever holds it may read the order's outcome (Order/outcome.json), so it is never
 * derived from the order's number and never guessable; it travels in the provider's return address.
 */
export const orderReferenceSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'an order reference');
export type OrderReference = z.infer<typeof orderReferenceSchema>;

// computeAmount's cart (articles, vouchers, shipping fee, instalments, method), with a session.
const {
  signature: _signature,
  userToken: _token,
  userId: _userId,
  ...cartShape
} = computeAmountRequestSchema.shape;

const orderFields = {
  ...cartShape,
  userToken: userTokenSchema,
  userId: idSchema,
  /**
   * Chosen by the client (a UUID) for one attempt at paying this cart: the same key from the same
   * customer answers the same order, never a second one (a double click, a retry after a lost
   * answer). A new attempt after a refusal or a cancellation takes a new key.
   */
  orderKey: z.uuid(),
  paymentMethod: onlinePaymentMethodSchema.default('CARD'),
  installments: z.number().int().min(1).max(INSTALMENTS_MAX).default(1),
  /** A method the customer saved earlier, charged without the hosted page; never for a guest (AUTH-04). */
  savedPaymentMethodId: idSchema.nullable().default(null),
  /** Keep the method for later payments (a customer only); implied by instalments. */
  saveMethod: z.boolean().default(false),
  delivery: deliverySchema.nullable().default(null),
  /** Where a guest's invoice is sent (CHK-07, /cart/invoice-email); required of a guest. */
  invoiceEmail: emailSchema.nullable().default(null),
  /** The shop's page the provider sends the browser back to. */
  returnUrl: returnPathSchema,
  /** The language of the hosted page, the emails and the invoice; the session's by default. */
  lang: localeSchema.optional(),
  /**
   * The buyer was told that they bought the same lines a few minutes ago and chose to buy them
   * again (ORDER_ALREADY_BOUGHT, decision 0021). Not part of what makes two placements one order.
   */
  confirmRepeat: z.boolean().default(false),
};

// ---------------------------------------------------------------------------------------------
// Answers

export const orderLineAnswerSchema = z.object({
  kind: z.enum(ORDER_LINE_KINDS),
  shopItemId: idSchema,
  productIds: z.array(idSchema),
  /** The item's name as it was when the order was placed, in the order's language. */
  label: z.string(),
  support: supportSchema.nullable(),
  /** The traveller the line is for. */
  customerId: idSchema.nullable(),
  quantity: z.number().int().positive(),
  unitPrice: moneySchema,
  amount: moneySchema,
  discountAmount: moneySchema,
  totalAmount: moneySchema,
  /** VAT rate in basis points when the catalogue carries one. */
  vatRateBasisPoints: z.number().int().min(0).max(10_000).nullable(),
  startMonth: z.string().nullable(),
  /** When the line's validity starts, on the network's clock (decision 0038); null for a month or none. */
  startingAt: networkInstantSchema.nullable(),
});

export const orderPaymentSchema = z.object({
  paymentId: z.uuid(),
  /** The instalment it pays, 1 for the first debit. */
  instalmentNumber: z.number().int().min(1).max(INSTALMENTS_MAX).nullable(),
  method: onlinePaymentMethodSchema,
  amount: moneySchema,
  status: paymentStatusSchema,
  /** Why the provider refused or cancelled it (card_declined, insufficient_funds...). */
  reason: z.string().nullable(),
  createdAt: networkInstantSchema,
  updatedAt: networkInstantSchema,
});

export const orderInstalmentSchema = z.object({
  number: z.number().int().min(1).max(INSTALMENTS_MAX),
  dueDate: isoDateSchema,
  amount: moneySchema,
  status: instalmentStatusSchema,
  paidAt: networkInstantSchema.nullable(),
});

export const orderEventSchema = z.object({
  type: orderEventTypeSchema,
  status: orderStatusSchema,
  at: networkInstantSchema,
});

/** One order as the customer's list shows it (ORD-05: date, price, order id). */
export const orderSummarySchema = z.object({
  orderId: idSchema,
  networkId: idSchema,
  status: orderStatusSchema,
  processStatus: orderProcessStatusSchema,
  originType: originTypeSchema,
  createdAt: networkInstantSchema,
  currency: currencySchema,
  totalAmount: moneySchema,
  paymentMethod: onlinePaymentMethodSchema.nullable(),
  installments: z.number().int().min(1).max(INSTALMENTS_MAX),
  /** Set once the order is completed and its invoice numbered. */
  invoiceNumber: z.string().nullable(),
  /** What each line issued and where ("where is my ticket?"); empty until the order completes. */
  tickets: orderTicketsSchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  subtotalAmount: moneySchema,
  discountAmount: moneySchema,
  lang: localeSchema,
  delivery: deliverySchema.nullable(),
  discounts: z.array(discountSchema),
  lines: z.array(orderLineAnswerSchema),
  payments: z.array(orderPaymentSchema),
  instalments: z.array(orderInstalmentSchema),
  events: z.array(orderEventSchema),
  updatedAt: networkInstantSchema,
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** ORD-03: the user as login answers it, plus the order. */
export const placeOrderAnswerSchema = z.object({
  user: authUserSchema,
  orderId: idSchema,
  networkId: idSchema,
  status: orderStatusSchema,
  totalAmount: moneySchema,
  currency: currencySchema,
  /** The provider's hosted page the browser goes to; null when nothing is left to pay on a page. */
  redirectUrl: z.url().nullable(),
  /** The order's public reference: its outcome is read with it from any tab or device (decision 0021). */
  orderReference: orderReferenceSchema,
});
export type PlaceOrderAnswer = z.infer<typeof placeOrderAnswerSchema>;

/** PAY-03: the outcome popups (decision 0019's statuses read by paymentOutcomeOf). */
export const PAYMENT_OUTCOMES = ['CONFIRMED', 'PENDING', 'FAILED', 'CANCELLED'] as const;
export const paymentOutcomeSchema = z.enum(PAYMENT_OUTCOMES);
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/**
 * What Order/outcome.json answers to whoever holds an order's reference (decision 0021): the
 * outcome and what the confirmation says, nothing more. No name, address, traveller, saved method
 * or provider id; a guest's invoice email only masked.
 */
export const orderOutcomeSchema = z.object({
  /** The order's number, as the confirmation and its email give it. */
  orderId: idSchema,
  status: orderStatusSchema,
  /** PAY-03; null while the provider has not answered (its page still open, a charge under way). */
  outcome: paymentOutcomeSchema.nullable(),
  /** The first payment's status at the provider; null for an order with nothing to pay. */
  paymentStatus: paymentStatusSchema.nullable(),
  totalAmount: moneySchema,
  currency: currencySchema,
  paymentMethod: onlinePaymentMethodSchema.nullable(),
  installments: z.number().int().min(1).max(INSTALMENTS_MAX),
  /** What was bought: each article's name as sold, quantity and amount. */
  lines: z.array(
    z.object({ label: z.string(), quantity: z.number().int().positive(), totalAmount: moneySchema }),
  ),
  /** Whether a guest bought it: the invoice went by email rather than to an account. */
  guest: z.boolean(),
  /** A guest's invoice email with most of it hidden (a•••@example.org); null for a customer. */
  invoiceEmailHint: z.string().nullable(),
  /** What each line issued and where ("where is my ticket?"); empty until the order completes. */
  tickets: orderTicketsSchema,
  createdAt: networkInstantSchema,
});
export type OrderOutcome = z.infer<typeof orderOutcomeSchema>;

// ---------------------------------------------------------------------------------------------
// The calls

/**
 * Places the order of the cart and starts its payment. The server prices the cart as
 * computeAmount does (every voucher must apply, instalments and method shared by every article,
 * PAY-04) and checks the checkout's rules: guest allowed and under the network's maximum
 * (NET-03, CHK-02), the items card-only for guests on a card (CHK-03), no saved method (AUTH-04), a
 * verified account (CHK-04), the delivery (CHK-05), a document id per required document (their
 * validity, CHK-08, is not checked until documents exist). The order is PENDING
 * until the provider's notification: COMPLETED, ERROR (refused) or CANCELED; PROCESSING while a
 * SEPA debit is pending.
 */
export const placeOrderRequestSchema = signedRequest(orderFields);
export const placeOrderCall = defineCall({
  path: 'Order/placeOrder.json',
  method: 'POST',
  authenticated: true,
  request: placeOrderRequestSchema,
  response: placeOrderAnswerSchema,
});

/**
 * Creates an order that needs no payment page: a cart whose total is 0 (a free ticket, a voucher
 * that takes everything off). Same request and checks as placeOrder without the payment fields;
 * the order is COMPLETED at once. A cart with something to pay is refused (ORDER_PAYMENT_REQUIRED):
 * it goes through placeOrder.
 */
const {
  paymentMethod: _method,
  installments: _installments,
  savedPaymentMethodId: _saved,
  saveMethod: _save,
  returnUrl: _returnUrl,
  ...createFields
} = orderFields;
export const createOrderRequestSchema = signedRequest(createFields);
export const createOrderCall = defineCall({
  path: 'Order/create.json',
  method: 'POST',
  authenticated: true,
  request: createOrderRequestSchema,
  response: placeOrderAnswerSchema,
});

const textCount = (max: number) =>
  z.union([
    z.number().int().min(1).max(max),
    z
      .string()
      .regex(/^[1-9]\d{0,5}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(max)),
  ]);

/** The customer's orders on this network, newest first. */
export const getOrdersCall = defineCall({
  path: 'Order/getOrders.json',
  method: 'GET',
  authenticated: true,
  cacheable: false,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    networkId: textIdSchema,
    page: textCount(100_000).default(1),
    pageSize: textCount(ORDERS_PAGE_SIZE_MAX).default(ORDERS_PAGE_SIZE_DEFAULT),
  }),
  response: z.object({
    orders: z.array(orderSummarySchema),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().nonnegative(),
  }),
});

/** One order of the customer with its lines, payments, instalments and events. */
export const orderHistoryCall = defineCall({
  path: 'Order/history.json',
  method: 'GET',
  authenticated: true,
  cacheable: false,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    networkId: textIdSchema,
    orderId: textIdSchema,
  }),
  response: z.object({ order: orderDetailSchema }),
});

export const invoiceFileSchema = z.object({
  fileName: z.string().min(1),
  contentType: z.literal('application/pdf'),
  /** The PDF's bytes in base64: the envelope stays JSON; the client hands back a Blob (ORD-04). */
  contentBase64: z.string().min(1),
});

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The invoice of a completed order as a PDF file (ORD-04); INVOICE_NOT_AVAILABLE before completion. */
export const printOrderCall = defineCall({
  path: 'Order/printOrder.json',
  method: 'POST',
  authenticated: true,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: idSchema,
    networkId: idSchema,
    orderId: idSchema,
  }),
  response: invoiceFileSchema,
  toResult: (answer) => ({
    fileName: answer.fileName,
    blob: new Blob([decodeBase64(answer.contentBase64)], { type: answer.contentType }),
  }),
});

/**
 * The browser's return from the provider (`checkout` in the return address): the server asks the
 * provider for the checkout's status and applies it as the notification would, once (the same
 * event id). Answers the order's status; the order changes only from the provider's word.
 */
export const acknowledgePaymentCall = defineCall({
  path: 'Payment/acknowledge.json',
  method: 'POST',
  authenticated: true,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: idSchema,
    networkId: idSchema,
    orderId: idSchema,
    checkoutId: checkoutIdSchema,
  }),
  response: z.object({
    orderId: idSchema,
    status: orderStatusSchema,
    /** The payment's status at the provider, for the outcome popup (PAY-03). */
    paymentStatus: paymentStatusSchema,
  }),
});

/**
 * An order's outcome read by its public reference, without a session (decision 0021): from the
 * provider's return in a fresh tab, after a reload, on another device, as a guest. While the
 * provider has not answered, the server asks it for the checkout's status and applies it as
 * acknowledge does. An unknown reference, or one of another network, is ORDER_NOT_FOUND.
 */
export const orderOutcomeCall = defineCall({
  path: 'Order/outcome.json',
  method: 'POST',
  authenticated: false,
  request: signedRequest({
    networkId: idSchema,
    orderReference: orderReferenceSchema,
  }),
  response: orderOutcomeSchema,
});

export const CHECKOUT_CALLS = {
  placeOrder: placeOrderCall,
  create: createOrderCall,
  getOrders: getOrdersCall,
  history: orderHistoryCall,
  printOrder: printOrderCall,
  acknowledge: acknowledgePaymentCall,
  outcome: orderOutcomeCall,
} as const;

/**
 * PAY-03: the outcome popup an order's status calls for: PENDING while a SEPA debit is on its way
 * (the order is PROCESSING), null while the provider has not answered at all.
 */
export function paymentOutcomeOf(status: OrderStatus): PaymentOutcome | null {
  if (status === 'COMPLETED' || status === 'REGULARIZATION') return 'CONFIRMED';
  if (status === 'PROCESSING') return 'PENDING';
  if (status === 'ERROR') return 'FAILED';
  if (status === 'CANCELED') return 'CANCELLED';
  return null;
}
