// The order calls the cart and the checkout make before payment (spec 02 §3 "Order verify request",
// §4 "Cart behaviour tied to calls", §7 "Orders"): Order/verify.json, Order/computeAmount.json and
// Order/redeemVoucher.json. The server prices every article from the catalogue; the client sends
// what the traveller chose, never a price. Shapes the spec leaves open: decision 0017.
import { z } from 'zod';
import { localeSchema } from '../locale.schema.ts';
import { voucherCodeSchema } from '../validation/voucher.ts';
import {
  currencySchema,
  INSTALMENTS_MAX,
  moneySchema,
  paymentMethodSchema,
  supportSchema,
} from './catalogue.ts';
import { defineCall } from './define-call.ts';
import { idSchema, isoDateSchema, isoDateTimeSchema, signedRequest, userTokenSchema } from './fields.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations

/** Discount types (spec 02 §4, VOUCH-03); what each does: decision 0017. */
export const DISCOUNT_TYPES = ['AMOUNT', 'RATIO', 'ARTICLE_AMOUNT', 'ARTICLE_RATIO', 'GIFT'] as const;
export const discountTypeSchema = z.enum(DISCOUNT_TYPES);
export type DiscountType = z.infer<typeof discountTypeSchema>;

/** The voucher errors of spec 02 §8 (VOUCH-02), one code each, in the spec's order. */
export const VOUCHER_ERROR_CODES = [
  'VOUCHER_NOT_FOUND',
  'VOUCHER_NOT_APPLIED',
  'VOUCHER_LIMIT_REACHED',
  'VOUCHER_INAPPLICABLE',
  'VOUCHER_INACTIVE',
  'VOUCHER_EXPIRED',
] as const;
export const voucherErrorCodeSchema = z.enum(VOUCHER_ERROR_CODES);
export type VoucherErrorCode = z.infer<typeof voucherErrorCodeSchema>;

// ---------------------------------------------------------------------------------------------
// Limits (ours)

/** The most lines one cart may send. */
export const ORDER_ARTICLES_MAX = 50;
/** The most voucher codes one cart may carry. */
export const ORDER_VOUCHERS_MAX = 5;
/** The longest voucher code accepted (the shortest is VOUCHER_CODE_MIN_LENGTH, VOUCH-01). */
export const VOUCHER_CODE_MAX_LENGTH = 32;
/** The most additional-information values and documents one article carries. */
export const ARTICLE_FIELDS_MAX = 30;
export const ARTICLE_DOCUMENTS_MAX = 10;

// ---------------------------------------------------------------------------------------------
// The article: a cart line as the server needs it

export const orderVoucherCodeSchema = voucherCodeSchema.max(VOUCHER_CODE_MAX_LENGTH);

/** A value of one additional-information field (CART-12), keyed by the shop item field's id. */
export const articleFieldValueSchema = z.union([z.string().max(500), z.number().finite(), z.boolean()]);
export const articleFieldsSchema = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/), articleFieldValueSchema)
  .refine((fields) => Object.keys(fields).length <= ARTICLE_FIELDS_MAX, {
    message: 'validation.maxLength',
  });

/** A month as the cart proposes it (PIVOT-02): the validity starts on its first day. */
export const startMonthSchema = z.string().regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, 'a month such as 2026-12');
/** A time of the network's clock, HH:MM: a day pivot's 15-minute slot as the product page shows it. */
export const startTimeSchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'a time such as 09:15');
/** A UTC offset as the product page writes it beside a time the clocks show twice, ±HH:MM. */
export const utcOffsetSchema = z.string().regex(/^[+-](?:0\d|1[0-4]):[0-5]\d$/, 'an offset such as +01:00');

/**
 * One cart line (spec 02 "Cart item" and "Order verify request"): which shop item, how many, for
 * whom, delivered how, starting when, with which extra item, additional information and documents.
 * No price: the server reads it from the catalogue. The start is what the traveller chose on the
 * network's calendar and clock (a month, a day, a slot); the server derives its instant with its own
 * time-zone data (decision 0038).
 */
export const orderArticleSchema = z.strictObject({
  shopItemId: idSchema,
  quantity: z.number().int().min(1).max(999),
  /** The traveller it is for: the account holder or one of their profiles; null before sign-in. */
  customerId: idSchema.nullable().default(null),
  /** The cart item's option: an extra shop item sold with each unit of this one (a card for a pass). */
  optionShopItemId: idSchema.nullable().default(null),
  /** The cart item's delivery. */
  support: supportSchema,
  /** Bought as a tacit subscription, renewed every period (SUB-04); the item must allow it. */
  isSubscription: z.boolean().default(false),
  /** The transport card a PHYSICAL article is loaded on; null for a new card or click and collect. */
  mediaId: idSchema.nullable().default(null),
  /** MONTH_PIVOT: the month the validity starts on the first of (PIVOT-02). */
  startMonth: startMonthSchema.nullable().default(null),
  /** DAY_PIVOT: the day of the chosen slot; WEEK_PIVOT: the chosen Monday (YYYY-MM-DD, network's calendar). */
  startDate: isoDateSchema.nullable().default(null),
  /** DAY_PIVOT: the chosen 15-minute slot on the network's clock (PIVOT-01). */
  startTime: startTimeSchema.nullable().default(null),
  /**
   * DAY_PIVOT, on the night clocks go back: which of the two showings of startTime, by the UTC offset
   * the product page wrote beside it. Read only when the network's clock shows startTime twice that
   * day; null otherwise.
   */
  startOffset: utcOffsetSchema.nullable().default(null),
  /**
   * Ignored (decision 0038): the start instant pages before decision 0038 computed with the browser's
   * time-zone data, which may disagree with the network's. Accepted so that such a page's order is
   * refused for its missing startDate (ARTICLE_START_DATE), not for an unknown field.
   */
  startingAt: isoDateTimeSchema.nullable().optional(),
  /** Additional information, keyed by the shop item's field ids. */
  fields: articleFieldsSchema.default({}),
  /** Ids of the beneficiary's documents given for the item's required documents (CHK-08). */
  documents: z.array(idSchema).max(ARTICLE_DOCUMENTS_MAX).default([]),
});
/** An article as the server reads it: without the instant it ignores. */
export type OrderArticle = Omit<z.output<typeof orderArticleSchema>, 'startingAt'>;
export type OrderArticleInput = Omit<z.input<typeof orderArticleSchema>, 'startingAt'>;

/**
 * What every order call reads: the network, the articles, the voucher codes, and the session when
 * there is one (a visitor verifies a cart before signing in; a per-customer voucher limit is only
 * known with one).
 */
const cartShape = {
  userToken: userTokenSchema.optional(),
  userId: idSchema.optional(),
  networkId: idSchema,
  /** The language of the vouchers' labels; the network's default language when absent. */
  lang: localeSchema.optional(),
  articles: z.array(orderArticleSchema).min(1).max(ORDER_ARTICLES_MAX),
  vouchers: z.array(orderVoucherCodeSchema).max(ORDER_VOUCHERS_MAX).default([]),
  /** The cart's shippingFeeProduct: an unlisted shop item charged once for a delivery. */
  shippingFeeShopItemId: idSchema.nullable().default(null),
};

// ---------------------------------------------------------------------------------------------
// Answers

/** A price line of the order: an article, the option sold with it, or the shipping fee. */
export const ORDER_LINE_KINDS = ['ARTICLE', 'OPTION', 'SHIPPING_FEE'] as const;

export const orderLineSchema = z.object({
  kind: z.enum(ORDER_LINE_KINDS),
  /** The index of the article in the request; null for the shipping fee. */
  articleIndex: z.number().int().nonnegative().nullable(),
  shopItemId: idSchema,
  /** The ticketing products the line delivers (spec 02's order article productId). */
  productIds: z.array(idSchema),
  quantity: z.number().int().positive(),
  /** The catalogue's price of one unit: the promo price while one runs. */
  unitPrice: moneySchema,
  /** unitPrice × quantity. */
  amount: moneySchema,
  /** What the vouchers take off this line. */
  discountAmount: moneySchema,
  /** amount − discountAmount. */
  totalAmount: moneySchema,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const voucherErrorSchema = z.object({ code: z.string().min(1), message: z.string() });

/**
 * One discount per voucher code sent, in the same order (spec 02 "discounts (sourceCode, error)"):
 * what it took off, or why it took nothing. CART-10: the cart may go on only when every code has a
 * discount without an error.
 */
export const discountSchema = z.object({
  /** The code as the cart sent it. */
  sourceCode: z.string(),
  /** The voucher's type; null when the code is unknown. */
  type: discountTypeSchema.nullable(),
  /** The voucher's name in the language asked for; null when the code is unknown. */
  label: z.string().nullable(),
  /** What it takes off the order; 0 with an error. */
  amount: moneySchema,
  /** Its share on each line, by the index of the line in `lines`. */
  lines: z.array(z.object({ lineIndex: z.number().int().nonnegative(), amount: moneySchema })),
  error: voucherErrorSchema.nullable(),
});
export type Discount = z.infer<typeof discountSchema>;

/** The payment options every line shares (CART-09, NET-04, NET-05). */
export const commonPaymentOptionsSchema = z.object({
  installments: z.array(z.number().int().min(1).max(INSTALMENTS_MAX)).min(1),
  paymentMethods: z.array(paymentMethodSchema).min(1),
});

export const verifyAnswerSchema = z.object({
  currency: currencySchema,
  lines: z.array(orderLineSchema),
  discounts: z.array(discountSchema),
  /** Sum of the lines' amounts, before vouchers. */
  subtotalAmount: moneySchema,
  /** Sum of the discounts. */
  discountAmount: moneySchema,
  /** What the traveller pays: subtotal − discounts, never below 0 (VOUCH-04). */
  totalAmount: moneySchema,
  paymentOptions: commonPaymentOptionsSchema,
  /** The cart is a tacit subscription (then it holds that article alone, CART-07). */
  isSubscription: z.boolean(),
});
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The calls

/**
 * The cart's verification (VOUCH-04, CART-05): prices, discounts and total of the articles. An
 * article the shop would not offer is refused with its own code (ko); a voucher that does not
 * apply does not fail the call, its discount carries the error (CART-10).
 */
export const verifyOrderRequestSchema = signedRequest(cartShape);
export const verifyOrderCall = defineCall({
  path: 'Order/verify.json',
  method: 'POST',
  authenticated: false,
  request: verifyOrderRequestSchema,
  response: verifyAnswerSchema,
});

/** One debit of the payment plan (PAY-02): the first on the order day, then monthly. */
export const instalmentSchema = z.object({
  dueDate: isoDateSchema,
  amount: moneySchema,
});

/**
 * The amount to pay at the payment step, and how it is split: the verified cart with the chosen
 * number of instalments and payment method. Unlike verify, every voucher must apply (CART-10): the
 * first one that does not fails the call with its code; so do instalments or a method the lines do
 * not share (PAY-04).
 */
export const computeAmountRequestSchema = signedRequest({
  ...cartShape,
  installments: z.number().int().min(1).max(INSTALMENTS_MAX).default(1),
  paymentMethod: paymentMethodSchema.default('CARD'),
});
export const computeAmountAnswerSchema = verifyAnswerSchema.extend({
  installments: z.number().int().min(1).max(INSTALMENTS_MAX),
  paymentMethod: paymentMethodSchema,
  /** In due order; their amounts add up to totalAmount, the first takes the remainder. */
  schedule: z.array(instalmentSchema).min(1),
});
export type ComputeAmountAnswer = z.infer<typeof computeAmountAnswerSchema>;
export const computeAmountCall = defineCall({
  path: 'Order/computeAmount.json',
  method: 'POST',
  authenticated: false,
  request: computeAmountRequestSchema,
  response: computeAmountAnswerSchema,
});

/**
 * Uses a voucher once for the signed-in customer (a guest session counts), on these articles: the
 * same checks as verify, then one use is counted against the voucher's total and per-customer
 * limits, atomically. `redemptionKey` makes a retry answer the same redemption without counting
 * twice. Placing the order redeems its vouchers this way.
 */
export const redeemVoucherRequestSchema = signedRequest({
  userToken: userTokenSchema,
  userId: idSchema,
  networkId: idSchema,
  lang: cartShape.lang,
  code: orderVoucherCodeSchema,
  articles: cartShape.articles,
  shippingFeeShopItemId: cartShape.shippingFeeShopItemId,
  /** Chosen by the caller (a UUID): the same key answers the same redemption. */
  redemptionKey: z.uuid(),
});
export const redemptionAnswerSchema = z.object({
  redemptionKey: z.uuid(),
  code: z.string(),
  discount: discountSchema,
  redeemedAt: isoDateTimeSchema,
  /** Uses left on the voucher after this one; null when it has no total limit. */
  usesLeft: z.number().int().nonnegative().nullable(),
});
export type RedemptionAnswer = z.infer<typeof redemptionAnswerSchema>;
export const redeemVoucherCall = defineCall({
  path: 'Order/redeemVoucher.json',
  method: 'POST',
  authenticated: true,
  request: redeemVoucherRequestSchema,
  response: redemptionAnswerSchema,
});

export const ORDER_CALLS = {
  verify: verifyOrderCall,
  computeAmount: computeAmountCall,
  redeemVoucher: redeemVoucherCall,
} as const;

/** CART-10: the cart may go on with its vouchers only when each code has a discount without an error. */
export function areVouchersValid(
  vouchers: readonly string[],
  discounts: readonly Pick<Discount, 'sourceCode' | 'error'>[],
): boolean {
  return vouchers.every((code) =>
    discounts.some((discount) => discount.sourceCode === code && discount.error === null),
  );
}
