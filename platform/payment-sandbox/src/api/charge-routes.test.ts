import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_CARDS, TEST_IBANS } from '../payments/test-data.ts';
import { chargeAnswerSchema, errorAnswerSchema, type Notification } from '../protocol/schemas.ts';
import {
  apiCall,
  createTestSandbox,
  saveCard,
  saveMandate,
  type TestSandbox,
} from '../test-support/sandbox.ts';

afterEach(() => {
  vi.useRealTimers();
});

const chargeBody = (methodToken: string, overrides: Record<string, unknown> = {}) => ({
  methodToken,
  purpose: 'instalment',
  amount: 3300,
  currency: 'EUR',
  merchantReference: 'instalment-2',
  description: 'Lumière transit: instalment 2/3',
  notifyUrl: 'https://api.lumiere.test/payments/notifications',
  ...overrides,
});

/** The notifications sent about one payment, in order. */
const eventsOf = (sandbox: TestSandbox, paymentId: string): Notification[] =>
  sandbox.received.filter(({ event }) => event.data.paymentId === paymentId).map(({ event }) => event);

describe('POST /v1/charges', () => {
  it('charges a saved card: 201 succeeded and a notification without checkout', async () => {
    const sandbox = createTestSandbox();
    const token = await saveCard(sandbox, TEST_CARDS.succeeds);
    const response = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(token) });
    expect(response.status).toBe(201);
    const answer = chargeAnswerSchema.parse(await response.json());
    expect(answer.status).toBe('succeeded');
    await vi.advanceTimersByTimeAsync(0);
    expect(sandbox.received.at(-1)?.event).toMatchObject({
      type: 'payment.succeeded',
      sequence: 1,
      data: {
        checkoutId: null,
        paymentId: answer.id,
        amount: 3300,
        merchantReference: 'instalment-2',
        savedMethod: null,
      },
    });
  });

  it.each([
    [TEST_CARDS.declinesLaterCharges, 'card_declined'],
    [TEST_CARDS.laterChargesInsufficientFunds, 'insufficient_funds'],
  ])('refuses later charges on a saved %s card (%s)', async (number, reason) => {
    const sandbox = createTestSandbox();
    const token = await saveCard(sandbox, number);
    const response = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(token) });
    expect(response.status).toBe(201);
    const answer = chargeAnswerSchema.parse(await response.json());
    expect(answer.status).toBe('refused');
    await vi.advanceTimersByTimeAsync(0);
    expect(eventsOf(sandbox, answer.id)).toEqual([
      expect.objectContaining({
        type: 'payment.refused',
        sequence: 1,
        data: expect.objectContaining({ checkoutId: null, method: 'CARD', reason }),
      }),
    ]);
  });

  it('refuses a charge on a card that has expired since it was saved (card_expired), by the clock', async () => {
    const sandbox = createTestSandbox();
    const token = await saveCard(sandbox, TEST_CARDS.succeeds, '12/26');
    // The last day of its expiry month the card is still charged.
    vi.setSystemTime(new Date('2026-12-31T23:59:59.000Z'));
    const before = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(token) });
    expect(chargeAnswerSchema.parse(await before.json()).status).toBe('succeeded');
    vi.setSystemTime(new Date('2027-01-01T00:00:00.000Z'));
    const response = await apiCall(sandbox, 'POST', '/v1/charges', {
      body: chargeBody(token, { purpose: 'subscription', merchantReference: 'renewal-2027' }),
    });
    const answer = chargeAnswerSchema.parse(await response.json());
    expect(answer.status).toBe('refused');
    await vi.advanceTimersByTimeAsync(0);
    expect(eventsOf(sandbox, answer.id)).toEqual([
      expect.objectContaining({
        type: 'payment.refused',
        data: expect.objectContaining({ merchantReference: 'renewal-2027', reason: 'card_expired' }),
      }),
    ]);
  });

  it('debits a saved mandate: pending, then settled as its IBAN says', async () => {
    const sandbox = createTestSandbox();
    const token = await saveMandate(sandbox, TEST_IBANS.settles[0]);
    const response = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(token) });
    const answer = chargeAnswerSchema.parse(await response.json());
    expect(answer.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(5000);
    const events = eventsOf(sandbox, answer.id);
    expect(events.map((event) => [event.type, event.sequence, event.data.method])).toEqual([
      ['payment.pending', 1, 'TRANSFER'],
      ['payment.succeeded', 2, 'TRANSFER'],
    ]);
  });

  it(`saves the mandate on ${TEST_IBANS.laterDebitsMandateRevoked}, then its later debits come back refused (mandate_revoked)`, async () => {
    const sandbox = createTestSandbox();
    const token = await saveMandate(sandbox, TEST_IBANS.laterDebitsMandateRevoked);
    expect(sandbox.received.map(({ event }) => event.type)).toEqual(['payment.pending', 'payment.succeeded']);
    const response = await apiCall(sandbox, 'POST', '/v1/charges', {
      body: chargeBody(token, { purpose: 'subscription' }),
    });
    const answer = chargeAnswerSchema.parse(await response.json());
    expect(answer.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(5000);
    const events = eventsOf(sandbox, answer.id);
    expect(events.map((event) => [event.type, event.sequence, event.data.reason])).toEqual([
      ['payment.pending', 1, null],
      ['payment.refused', 2, 'mandate_revoked'],
    ]);
  });

  it("keeps the charge's purpose, answers it, and takes null for a charge the customer chose", async () => {
    const sandbox = createTestSandbox();
    const token = await saveCard(sandbox, TEST_CARDS.succeeds);
    const answers = [];
    for (const [index, purpose] of ['instalment', 'subscription', null].entries()) {
      const response = await apiCall(sandbox, 'POST', '/v1/charges', {
        body: chargeBody(token, { purpose, merchantReference: `charge-${index}` }),
      });
      expect(response.status).toBe(201);
      const answer = chargeAnswerSchema.parse(await response.json());
      answers.push([answer.purpose, sandbox.store.payments.get(answer.id)?.purpose]);
    }
    expect(answers).toEqual([
      ['instalment', 'instalment'],
      ['subscription', 'subscription'],
      [null, null],
    ]);
  });

  it('answers 400 to a charge without a purpose or with another one, charging nothing', async () => {
    const sandbox = createTestSandbox();
    const token = await saveCard(sandbox, TEST_CARDS.succeeds);
    const sent = sandbox.received.length;
    const { purpose: _purpose, ...withoutPurpose } = chargeBody(token);
    for (const body of [withoutPurpose, chargeBody(token, { purpose: 'recurring' })]) {
      const response = await apiCall(sandbox, 'POST', '/v1/charges', { body });
      expect(response.status).toBe(400);
      const { error } = errorAnswerSchema.parse(await response.json());
      expect([error.code, error.issues?.map((issue) => issue.path)]).toEqual([
        'invalid_request',
        ['purpose'],
      ]);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(sandbox.received.length - sent).toBe(0);
  });

  it('answers 404 to an unknown token and 400 to a malformed one', async () => {
    const sandbox = createTestSandbox();
    const unknown = await apiCall(sandbox, 'POST', '/v1/charges', {
      body: chargeBody('pm_000000000000000000000000'),
    });
    expect(unknown.status).toBe(404);
    expect(errorAnswerSchema.parse(await unknown.json()).error.code).toBe('method_not_found');
    const malformed = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody('card-4242') });
    expect(malformed.status).toBe(400);
    expect(sandbox.received).toHaveLength(0);
  });

  it('charges once per Idempotency-Key, and 409 for the key with another amount or purpose', async () => {
    const sandbox = createTestSandbox();
    const token = await saveCard(sandbox, TEST_CARDS.succeeds);
    const sent = sandbox.received.length;
    const first = await apiCall(sandbox, 'POST', '/v1/charges', {
      body: chargeBody(token),
      idempotencyKey: 'inst-2',
    });
    const second = await apiCall(sandbox, 'POST', '/v1/charges', {
      body: chargeBody(token),
      idempotencyKey: 'inst-2',
    });
    expect(await second.json()).toEqual(await first.json());
    const other = await apiCall(sandbox, 'POST', '/v1/charges', {
      body: chargeBody(token, { amount: 1 }),
      idempotencyKey: 'inst-2',
    });
    expect(other.status).toBe(409);
    const otherPurpose = await apiCall(sandbox, 'POST', '/v1/charges', {
      body: chargeBody(token, { purpose: 'subscription' }),
      idempotencyKey: 'inst-2',
    });
    expect(otherPurpose.status).toBe(409);
    await vi.advanceTimersByTimeAsync(0);
    expect(sandbox.received.length - sent).toBe(1);
  });

  it('requires the API key', async () => {
    const sandbox = createTestSandbox();
    const response = await apiCall(sandbox, 'POST', '/v1/charges', {
      body: chargeBody('pm_000000000000000000000000'),
      apiKey: null,
    });
    expect(response.status).toBe(401);
  });
});
