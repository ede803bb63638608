// The payment sandbox behind the provider port (decision 0018): JSON over HTTP with a bearer key and
// an Idempotency-Key on every creation, notifications signed with HMAC-SHA256 over "<t>.<raw body>"
// in the Sandbox-Signature header, refused when the signature does not match (constant time) or
// `t` is more than 300 s away from our clock.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type HttpAnswer, type HttpSend, httpSend } from '../../hot-path/http-send.ts';
import {
  type CheckoutState,
  type NotificationReading,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
} from './payment-provider.ts';

export const SANDBOX_PROVIDER = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;
const REQUEST_TIMEOUT_MS = 10_000;

const methodSchema = z.enum(['CARD', 'TRANSFER']);

/** Text a database can keep: no NUL, no lone surrogate (a notification is stored as received). */
const storableText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !text.includes('\u0000') && !/\p{Cs}/u.test(text), 'text a database can store');
const checkoutStatusSchema = z.enum(['open', 'pending', 'succeeded', 'refused', 'cancelled', 'expired']);
const paymentStatusSchema = checkoutStatusSchema.exclude(['expired']);

const createdSchema = z.object({
  id: z.string().min(1),
  url: z.url({ protocol: /^https?$/ }),
  expiresAt: z.iso.datetime(),
});
const checkoutSchema = z.object({
  id: z.string().min(1),
  status: checkoutStatusSchema,
  paymentId: z.string().min(1).nullable().optional(),
  merchantReference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  method: methodSchema,
});
const chargeSchema = z.object({ id: z.string().min(1), status: paymentStatusSchema });
const paymentStateSchema = z.object({
  id: z.string().min(1),
  checkoutId: z.string().min(1).nullable(),
  merchantReference: z.string(),
  status: paymentStatusSchema,
  amount: z.number().int(),
  currency: z.string(),
  method: methodSchema,
  reason: z.string().nullable(),
});

const savedMethodSchema = z.discriminatedUnion('kind', [
  z.object({
    token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/),
    kind: z.literal('CARD'),
    brand: storableText(40),
    last4: z.string().regex(/^\d{4}$/),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2099),
    holder: storableText(200),
  }),
  z.object({
    token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/),
    kind: z.literal('TRANSFER'),
    ibanLast4: z.string().regex(/^[0-9A-Z]{4}$/),
    holder: storableText(200),
  }),
]);

export const sandboxNotificationSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
  type: z.enum(['payment.pending', 'payment.succeeded', 'payment.refused', 'payment.cancelled']),
  createdAt: z.iso.datetime(),
  sequence: z.number().int().min(1).max(1_000_000),
  data: z.object({
    checkoutId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,128}$/)
      .nullable(),
    paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/),
    merchantReference: storableText(200),
    amount: z.number().int().min(0),
    currency: z.string().regex(/^[A-Z]{3}$/),
    method: methodSchema,
    reason: storableText(100).nullable(),
    savedMethod: savedMethodSchema.nullable().optional(),
  }),
});

/** The lower-case hex HMAC-SHA256 of `<timestampSeconds>.<rawBody>`, the body as UTF-8. */
export function sandboxSignature(secret: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`, 'utf8').digest('hex');
}

/** The header value the sandbox sends: `t=<unix seconds>,v1=<hex>`. */
export function sandboxSignatureHeader(secret: string, timestampSeconds: number, rawBody: string): string {
  return `t=${timestampSeconds},v1=${sandboxSignature(secret, timestampSeconds, rawBody)}`;
}

/**
 * Checks `t=…,v1=…[,v1=…]` against the body: the header's shape, then the signature in constant time
 * (so a forged header learns nothing from the timing), then the timestamp's distance from `now`.
 */
export function verifySandboxSignature(options: {
  secret: string;
  header: string | null | undefined;
  rawBody: string;
  now: Date;
}): 'ok' | 'signature' | 'stale' {
  const { header } = options;
  if (!header || header.length > 1024) return 'signature';
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) return 'signature';
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (name === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return 'signature';
      timestamp = Number(value);
    } else if (name === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(value)) return 'signature';
      signatures.push(value);
    }
  }
  if (timestamp === null || signatures.length === 0) return 'signature';
  const expected = Buffer.from(sandboxSignature(options.secret, timestamp, options.rawBody), 'hex');
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  if (!matches) return 'signature';
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  return Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS ? 'stale' : 'ok';
}

export function readSandboxNotification(
  secret: string,
  headers: Headers,
  rawBody: string,
  now: Date,
): NotificationReading {
  const check = verifySandboxSignature({
    secret,
    header: headers.get(SANDBOX_SIGNATURE_HEADER),
    rawBody,
    now,
  });
  if (check !== 'ok') return { ok: false, reason: check };
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = sandboxNotificationSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const { data } = parsed.data;
  return {
    ok: true,
    notification: {
      eventId: parsed.data.id,
      type: parsed.data.type,
      createdAt: parsed.data.createdAt,
      sequence: parsed.data.sequence,
      checkoutId: data.checkoutId,
      paymentId: data.paymentId,
      merchantReference: data.merchantReference,
      amount: data.amount,
      currency: data.currency,
      method: data.method,
      reason: data.reason,
      savedMethod: data.savedMethod ?? null,
    },
  };
}

export type SandboxProviderOptions = {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
  /** How requests reach the sandbox (tests answer them themselves). */
  send?: HttpSend;
};

export function createSandboxProvider(options: SandboxProviderOptions): PaymentProvider {
  const send = options.send ?? httpSend;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: { json: unknown; idempotencyKey: string },
  ): Promise<T> {
    let response: HttpAnswer;
    try {
      response = await send(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json', 'idempotency-key': body.idempotencyKey } : {}),
        },
        ...(body ? { body: JSON.stringify(body.json) } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`the payment sandbox did not answer ${method} ${path}`, {
        cause: error,
      });
    }
    const text = await response.text();
    if (!response.ok) {
      throw new PaymentProviderError(
        `the payment sandbox answered ${response.status} to ${method} ${path}: ${text.slice(0, 500)}`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new PaymentProviderError(`the payment sandbox answered no JSON to ${method} ${path}`, {
        cause: error,
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new PaymentProviderError(
        `the payment sandbox's answer to ${method} ${path} is not its protocol's`,
        {
          cause: parsed.error,
        },
      );
    }
    return parsed.data;
  }

  return {
    name: SANDBOX_PROVIDER,
    async createCheckout(input) {
      const created = await request('POST', '/v1/checkouts', createdSchema, {
        idempotencyKey: input.merchantReference,
        json: {
          merchantReference: input.merchantReference,
          amount: input.amount,
          currency: input.currency,
          method: input.method,
          saveMethod: input.saveMethod,
          customerReference: input.customerReference,
          locale: input.locale,
          description: input.description,
          returnUrl: input.returnUrl,
          notifyUrl: input.notifyUrl,
        },
      });
      return { checkoutId: created.id, redirectUrl: created.url, expiresAt: new Date(created.expiresAt) };
    },
    async getCheckout(checkoutId): Promise<CheckoutState> {
      const checkout = await request(
        'GET',
        `/v1/checkouts/${encodeURIComponent(checkoutId)}`,
        checkoutSchema,
      );
      return {
        checkoutId: checkout.id,
        status: checkout.status,
        paymentId: checkout.paymentId ?? null,
        merchantReference: checkout.merchantReference,
        amount: checkout.amount,
        currency: checkout.currency,
        method: checkout.method,
      };
    },
    async chargeSavedMethod(input) {
      const charge = await request('POST', '/v1/charges', chargeSchema, {
        idempotencyKey: input.merchantReference,
        json: {
          methodToken: input.methodToken,
          // The sandbox wants the field on every charge: null when the customer is there.
          purpose: input.purpose,
          amount: input.amount,
          currency: input.currency,
          merchantReference: input.merchantReference,
          description: input.description,
          notifyUrl: input.notifyUrl,
        },
      });
      return { paymentId: charge.id, status: charge.status };
    },
    async getPayment(paymentId): Promise<PaymentState> {
      const payment = await request(
        'GET',
        `/v1/payments/${encodeURIComponent(paymentId)}`,
        paymentStateSchema,
      );
      return {
        paymentId: payment.id,
        checkoutId: payment.checkoutId,
        status: payment.status,
        merchantReference: payment.merchantReference,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        reason: payment.reason,
      };
    },
    readNotification(headers, rawBody, now) {
      return readSandboxNotification(options.webhookSecret, headers, rawBody, now);
    },
  };
}
