// The sandbox adapter: its notification verifier against the sandbox's own vectors, and its calls as
// decision 0018 writes them (bearer key, Idempotency-Key, answers checked).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from './payment-provider.ts';
import {
  createSandboxProvider,
  readSandboxNotification,
  sandboxSignatureHeader,
  verifySandboxSignature,
} from './sandbox-provider.ts';

type Vector = {
  name: string;
  secret: string;
  timestamp: number;
  body: string;
  signature: string;
  header: string;
};
const VECTORS = (
  JSON.parse(
    readFileSync(
      new URL('../../../../payment-sandbox/src/protocol/signature-vectors.json', import.meta.url),
      'utf8',
    ),
  ) as { vectors: Vector[] }
).vectors;

const at = (seconds: number) => new Date(seconds * 1000);

describe('sandbox notification signature', () => {
  it('has vectors to check against', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(3);
  });

  for (const vector of VECTORS) {
    it(`computes and accepts the sandbox's vector: ${vector.name}`, () => {
      expect(sandboxSignatureHeader(vector.secret, vector.timestamp, vector.body)).toBe(vector.header);
      expect(
        verifySandboxSignature({
          secret: vector.secret,
          header: vector.header,
          rawBody: vector.body,
          now: at(vector.timestamp + 299),
        }),
      ).toBe('ok');
    });

    it(`refuses the vector altered, signed with another secret or out of time: ${vector.name}`, () => {
      const check = (header: string, rawBody: string, now: Date, secret = vector.secret) =>
        verifySandboxSignature({ secret, header, rawBody, now });
      const now = at(vector.timestamp);
      expect(check(vector.header, `${vector.body} `, now)).toBe('signature');
      expect(check(vector.header, vector.body, now, `${vector.secret}x`)).toBe('signature');
      const flipped = vector.signature.startsWith('0') ? '1' : '0';
      expect(check(vector.header.replace(/v1=./, `v1=${flipped}`), vector.body, now)).toBe('signature');
      expect(check(vector.header, vector.body, at(vector.timestamp + 301))).toBe('stale');
      expect(check(vector.header, vector.body, at(vector.timestamp - 301))).toBe('stale');
    });
  }

  it('refuses a missing, malformed or schemeless header', () => {
    const vector = VECTORS[0] as Vector;
    const now = at(vector.timestamp);
    for (const header of [
      null,
      '',
      'garbage',
      `t=${vector.timestamp}`,
      `v1=${vector.signature}`,
      `t=x,v1=${vector.signature}`,
    ]) {
      expect(
        verifySandboxSignature({ secret: vector.secret, header, rawBody: vector.body, now }),
        String(header),
      ).toBe('signature');
    }
    // An unknown scheme beside v1 is skipped, as the sandbox allows.
    expect(
      verifySandboxSignature({
        secret: vector.secret,
        header: `${vector.header},v2=abc`,
        rawBody: vector.body,
        now,
      }),
    ).toBe('ok');
  });

  it('reads a signed notification into the port event, and refuses a body the protocol does not know', () => {
    const vector = VECTORS[0] as Vector;
    const headers = new Headers({ 'sandbox-signature': vector.header });
    const reading = readSandboxNotification(vector.secret, headers, vector.body, at(vector.timestamp));
    expect(reading).toMatchObject({
      ok: true,
      notification: {
        eventId: 'evt_0123456789abcdef01234567',
        type: 'payment.succeeded',
        sequence: 2,
        checkoutId: 'chk_0123456789abcdef01234567',
        amount: 1250,
        savedMethod: { kind: 'CARD', last4: '4242' },
      },
    });
    const body = '{"id":"evt_1","type":"payment.exploded"}';
    const signed = new Headers({ 'sandbox-signature': sandboxSignatureHeader(vector.secret, 10, body) });
    expect(readSandboxNotification(vector.secret, signed, body, at(10))).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});

describe('sandbox calls', () => {
  it('creates a checkout with the bearer key and our payment id as Idempotency-Key', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const provider = createSandboxProvider({
      baseUrl: 'http://sandbox.test/',
      apiKey: 'key-of-the-sandbox-api',
      webhookSecret: 'unused-in-this-test',
      send: async (url, init) => {
        seen.push({ url: String(url), init: init ?? {} });
        return Response.json(
          {
            id: 'chk_0123456789abcdef01234567',
            url: 'http://sandbox.test/pay/chk_0123456789abcdef01234567',
            expiresAt: '2026-11-23T10:30:00.000Z',
          },
          { status: 201 },
        );
      },
    });
    const created = await provider.createCheckout({
      merchantReference: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      amount: 1250,
      currency: 'EUR',
      method: 'CARD',
      saveMethod: false,
      customerReference: null,
      locale: 'fr',
      description: 'Lumière #1',
      returnUrl: 'http://lumiere.localhost/cart/checkout',
      notifyUrl: 'http://127.0.0.1:8081/payments/notifications/sandbox',
    });
    expect(created.checkoutId).toBe('chk_0123456789abcdef01234567');
    expect(seen[0]?.url).toBe('http://sandbox.test/v1/checkouts');
    const headers = new Headers(seen[0]?.init.headers);
    expect(headers.get('authorization')).toBe('Bearer key-of-the-sandbox-api');
    expect(headers.get('idempotency-key')).toBe('7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(JSON.parse(String(seen[0]?.init.body))).toMatchObject({
      amount: 1250,
      method: 'CARD',
      locale: 'fr',
    });
  });

  it("reads a payment's state: GET /v1/payments/:id with the key, its refusal reason kept", async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const provider = createSandboxProvider({
      baseUrl: 'http://sandbox.test/',
      apiKey: 'key-of-the-sandbox-api',
      webhookSecret: 'unused-in-this-test',
      send: async (url, init) => {
        seen.push({ url: String(url), init: init ?? {} });
        return Response.json({
          id: 'pay_0123456789abcdef01234567',
          checkoutId: null,
          merchantReference: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
          status: 'refused',
          amount: 7490,
          currency: 'EUR',
          method: 'CARD',
          purpose: 'subscription',
          reason: 'insufficient_funds',
          sequence: 1,
        });
      },
    });
    expect(await provider.getPayment('pay_0123456789abcdef01234567')).toEqual({
      paymentId: 'pay_0123456789abcdef01234567',
      checkoutId: null,
      status: 'refused',
      merchantReference: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      amount: 7490,
      currency: 'EUR',
      method: 'CARD',
      reason: 'insufficient_funds',
    });
    expect(seen[0]?.url).toBe('http://sandbox.test/v1/payments/pay_0123456789abcdef01234567');
    expect(seen[0]?.init.method).toBe('GET');
    expect(new Headers(seen[0]?.init.headers).get('authorization')).toBe('Bearer key-of-the-sandbox-api');
  });

  it('turns a refusal, a wrong answer or no answer into a provider error', async () => {
    const answers: (() => Response)[] = [
      () => Response.json({ error: { code: 'unauthorized', message: 'no' } }, { status: 401 }),
      () => Response.json({ id: 'chk_1' }, { status: 201 }),
      () => {
        throw new TypeError('fetch failed');
      },
    ];
    for (const answer of answers) {
      const provider = createSandboxProvider({
        baseUrl: 'http://sandbox.test',
        apiKey: 'key-of-the-sandbox-api',
        webhookSecret: 'unused-in-this-test',
        send: async () => answer(),
      });
      await expect(provider.getCheckout('chk_1')).rejects.toBeInstanceOf(PaymentProviderError);
      await expect(provider.getPayment('pay_1')).rejects.toBeInstanceOf(PaymentProviderError);
    }
  });
});
