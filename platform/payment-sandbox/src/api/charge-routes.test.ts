import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_CARDS, TEST_IBANS } from '../payments/test-data.ts';
import { errorAnswerSchema, paymentAnswerSchema } from '../protocol/schemas.ts';
import {
  apiCall,
  createTestSandbox,
  openTestCheckout,
  payWithCard,
  submitForm,
  type TestSandbox,
} from '../test-support/sandbox.ts';

afterEach(() => {
  vi.useRealTimers();
});

async function saveCard(sandbox: TestSandbox, number: string, expiry = '12/30') {
  const { id } = await openTestCheckout(sandbox, { saveMethod: true, customerReference: 'cust-7' });
  await payWithCard(sandbox, id, number, { expiry });
  const token = sandbox.received.at(-1)?.event.data.savedMethod?.token;
  if (!token) throw new Error('no saved method');
  return token;
}

const chargeBody = (methodToken: string, amount = 3300) => ({
  methodToken,
  amount,
  currency: 'EUR',
  merchantReference: 'instalment-2',
  description: 'Lumière transit: instalment 2/3',
  notifyUrl: 'https://api.lumiere.test/payments/notifications',
});

describe('POST /v1/charges', () => {
  it('charges a saved card: 201 succeeded and a notification without checkout', async () => {
    const sandbox = createTestSandbox();
    const token = await saveCard(sandbox, TEST_CARDS.succeeds);
    const response = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(token) });
    expect(response.status).toBe(201);
    const answer = paymentAnswerSchema.parse(await response.json());
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

  it('refuses later charges on a 4000 0000 0000 0341 card (card_declined)', async () => {
    const sandbox = createTestSandbox();
    const token = await saveCard(sandbox, TEST_CARDS.declinesLaterCharges);
    const response = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(token) });
    expect(response.status).toBe(201);
    expect(paymentAnswerSchema.parse(await response.json()).status).toBe('refused');
    await vi.advanceTimersByTimeAsync(0);
    expect(sandbox.received.at(-1)?.event).toMatchObject({
      type: 'payment.refused',
      data: { reason: 'card_declined' },
    });
  });

  it('refuses a charge on a card that has expired since it was saved (card_expired)', async () => {
    const sandbox = createTestSandbox();
    const token = await saveCard(sandbox, TEST_CARDS.succeeds, '12/26');
    vi.setSystemTime(new Date('2027-01-01T00:00:00.000Z'));
    const response = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(token) });
    expect(paymentAnswerSchema.parse(await response.json()).status).toBe('refused');
    await vi.advanceTimersByTimeAsync(0);
    expect(sandbox.received.at(-1)?.event.data.reason).toBe('card_expired');
  });

  it('debits a saved mandate: pending, then settled as its IBAN says', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox, { method: 'TRANSFER', saveMethod: true });
    await submitForm(sandbox, id, {
      holder: 'Jeanne Dupont',
      iban: TEST_IBANS.settles[0],
      consent: 'yes',
      action: 'pay',
    });
    await vi.advanceTimersByTimeAsync(5000);
    const token = sandbox.received.at(-1)?.event.data.savedMethod?.token ?? '';
    const response = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(token) });
    const answer = paymentAnswerSchema.parse(await response.json());
    expect(answer.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(5000);
    const events = sandbox.received
      .filter(({ event }) => event.data.paymentId === answer.id)
      .map(({ event }) => event);
    expect(events.map((event) => [event.type, event.sequence, event.data.method])).toEqual([
      ['payment.pending', 1, 'TRANSFER'],
      ['payment.succeeded', 2, 'TRANSFER'],
    ]);
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

  it('charges once per Idempotency-Key, and 409 for the key with another amount', async () => {
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
      body: chargeBody(token, 1),
      idempotencyKey: 'inst-2',
    });
    expect(other.status).toBe(409);
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
