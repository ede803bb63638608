// The sandbox's protocol as code (decision 0018): every request, answer and notification body.
import { z } from 'zod';

export const LOCALES = ['fr', 'en', 'ar', 'it', 'es'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

export const methodSchema = z.enum(['CARD', 'TRANSFER']);
export type PaymentMethod = z.infer<typeof methodSchema>;

export const checkoutStatusSchema = z.enum([
  'open',
  'pending',
  'succeeded',
  'refused',
  'cancelled',
  'expired',
]);
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** A payment's own status: a checkout adds `expired` when nobody answered its page in time. */
export const paymentStatusSchema = checkoutStatusSchema.exclude(['expired']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const refusalReasonSchema = z.enum([
  'card_declined',
  'card_not_supported',
  'card_expired',
  'authentication_failed',
  'insufficient_funds',
  'iban_not_supported',
  'mandate_revoked',
]);
export type RefusalReason = z.infer<typeof refusalReasonSchema>;

export const checkoutIdSchema = z.string().regex(/^chk_[0-9a-f]{24}$/, 'a checkout id (chk_…)');
export const paymentIdSchema = z.string().regex(/^pay_[0-9a-f]{24}$/, 'a payment id (pay_…)');
export const methodTokenSchema = z.string().regex(/^pm_[0-9a-f]{24}$/, 'a saved method token (pm_…)');
export const eventIdSchema = z.string().regex(/^evt_[0-9a-f]{24}$/, 'an event id (evt_…)');

/** Integer minor units; the upper bound only keeps amounts far from floating point trouble. */
const minorUnitsSchema = z.number().int('an integer amount in minor units').max(99_999_999);
/** What a charge debits: never nothing. */
export const amountSchema = minorUnitsSchema.min(1);
/** A checkout's amount, its payment's and their notifications': 0 only for a card-saving checkout. */
export const checkoutAmountSchema = minorUnitsSchema.min(0);

/**
 * A zero-amount checkout saves a card and charges nothing (a setup, or zero-amount authorisation,
 * at real providers): only a card, and only when the checkout saves it.
 */
export const isCardSetup = (checkout: { amount: number; method: PaymentMethod; saveMethod: boolean }) =>
  checkout.amount === 0 && checkout.method === 'CARD' && checkout.saveMethod;
const zeroAmountIssue = (path: string[]) => ({
  path,
  message: '0 only for a checkout that saves a card (method CARD, saveMethod true)',
});

const knownCurrencies = new Set(Intl.supportedValuesOf('currency'));
export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code in capitals')
  .refine((code) => knownCurrencies.has(code), 'an ISO 4217 currency code');

// z.url with a protocol, not z.httpUrl: that one wants a domain name and refuses 127.0.0.1 or localhost.
const httpUrlSchema = z.url({ protocol: /^https?$/, message: 'an absolute http(s) URL' }).max(2048);
const textSchema = (max: number) => z.string().trim().min(1).max(max);

/** `Idempotency-Key` header of the POST calls: the same key answers the same resource. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, '1 to 255 visible ASCII characters');

export const createCheckoutRequestSchema = z
  .strictObject({
    merchantReference: textSchema(200),
    amount: checkoutAmountSchema,
    currency: currencySchema,
    method: methodSchema,
    saveMethod: z.boolean(),
    customerReference: textSchema(200).nullable(),
    locale: localeSchema,
    description: textSchema(200),
    returnUrl: httpUrlSchema,
    notifyUrl: httpUrlSchema,
  })
  .refine((request) => request.amount !== 0 || isCardSetup(request), zeroAmountIssue(['amount']));
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>;

export const createCheckoutAnswerSchema = z.strictObject({
  id: checkoutIdSchema,
  url: httpUrlSchema,
  expiresAt: z.iso.datetime(),
});
export type CreateCheckoutAnswer = z.infer<typeof createCheckoutAnswerSchema>;

export const checkoutAnswerSchema = z
  .strictObject({
    id: checkoutIdSchema,
    status: checkoutStatusSchema,
    paymentId: paymentIdSchema,
    merchantReference: z.string(),
    amount: checkoutAmountSchema,
    currency: currencySchema,
    method: methodSchema,
  })
  .refine((checkout) => checkout.amount !== 0 || checkout.method === 'CARD', zeroAmountIssue(['amount']));
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** The merchant-initiated agreement a charge belongs to, as providers ask: recurring or instalment. */
export const chargePurposeSchema = z.enum(['instalment', 'subscription']);
export type ChargePurpose = z.infer<typeof chargePurposeSchema>;

export const chargeRequestSchema = z.strictObject({
  methodToken: methodTokenSchema,
  /** Always sent; null when the customer is there and chose the saved method (not merchant-initiated). */
  purpose: chargePurposeSchema.nullable(),
  amount: amountSchema,
  currency: currencySchema,
  merchantReference: textSchema(200),
  description: textSchema(200),
  notifyUrl: httpUrlSchema,
});
export type ChargeRequest = z.infer<typeof chargeRequestSchema>;

export const paymentAnswerSchema = z.strictObject({
  id: paymentIdSchema,
  status: paymentStatusSchema,
});
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

export const chargeAnswerSchema = paymentAnswerSchema.extend({ purpose: chargePurposeSchema.nullable() });
export type ChargeAnswer = z.infer<typeof chargeAnswerSchema>;

/**
 * `GET /v1/payments/:id`: a payment as the sandbox knows it now, for a merchant whose notification
 * never came (its endpoint was down through every retry).
 */
export const paymentStateAnswerSchema = z
  .strictObject({
    id: paymentIdSchema,
    checkoutId: checkoutIdSchema.nullable(),
    merchantReference: z.string(),
    status: paymentStatusSchema,
    amount: checkoutAmountSchema,
    currency: currencySchema,
    method: methodSchema,
    purpose: chargePurposeSchema.nullable(),
    reason: refusalReasonSchema.nullable(),
    /** The sequence of the payment's last notification: a later read never says less. */
    sequence: z.number().int().min(0),
  })
  .refine(
    (payment) => payment.amount !== 0 || (payment.checkoutId !== null && payment.method === 'CARD'),
    zeroAmountIssue(['amount']),
  );
export type PaymentStateAnswer = z.infer<typeof paymentStateAnswerSchema>;

/** `POST /v1/methods/:token/revoke`: the mandate as the customer's bank left it. */
export const revokedMandateAnswerSchema = z.strictObject({
  token: methodTokenSchema,
  status: z.literal('revoked'),
  revokedAt: z.iso.datetime(),
});
export type RevokedMandateAnswer = z.infer<typeof revokedMandateAnswerSchema>;

/** Every refused call answers this body with a 4xx status (a 5xx only for the sandbox's own faults). */
export const errorAnswerSchema = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

export const savedMethodSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    token: methodTokenSchema,
    kind: z.literal('CARD'),
    brand: z.enum(['visa', 'mastercard', 'amex', 'unknown']),
    last4: z.string().regex(/^\d{4}$/),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2099),
    holder: z.string(),
  }),
  z.strictObject({
    token: methodTokenSchema,
    kind: z.literal('TRANSFER'),
    ibanLast4: z.string().regex(/^[0-9A-Z]{4}$/),
    holder: z.string(),
  }),
]);
export type SavedMethod = z.infer<typeof savedMethodSchema>;

export const notificationTypeSchema = z.enum([
  'payment.pending',
  'payment.succeeded',
  'payment.refused',
  'payment.cancelled',
]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z
  .strictObject({
    id: eventIdSchema,
    type: notificationTypeSchema,
    createdAt: z.iso.datetime(),
    sequence: z.number().int().min(1),
    data: z.strictObject({
      /** Null for a charge on a saved method, which has no hosted page. */
      checkoutId: checkoutIdSchema.nullable(),
      paymentId: paymentIdSchema,
      merchantReference: z.string(),
      amount: checkoutAmountSchema,
      currency: currencySchema,
      method: methodSchema,
      reason: refusalReasonSchema.nullable(),
      /** The method saved by this payment: only on `payment.succeeded` of a checkout that asked for it. */
      savedMethod: savedMethodSchema.nullable(),
    }),
  })
  .refine(
    // A card-saving checkout's events: never pending (no debit), and its success carries the card.
    ({ type, data }) =>
      data.amount !== 0 ||
      (data.checkoutId !== null &&
        data.method === 'CARD' &&
        type !== 'payment.pending' &&
        (type !== 'payment.succeeded' || data.savedMethod?.kind === 'CARD')),
    zeroAmountIssue(['data', 'amount']),
  );
export type Notification = z.infer<typeof notificationSchema>;

/** The header that carries a notification's signature. */
export const SIGNATURE_HEADER = 'Sandbox-Signature';
