import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_CARDS, TEST_IBANS } from '../payments/test-data.ts';
import { chargeAnswerSchema, errorAnswerSchema, paymentStateAnswerSchema } from '../protocol/schemas.ts';
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

async function charge(sandbox: TestSandbox, methodToken: string, merchantReference: string) {
  const response = await apiCall(sandbox, 'POST', '/v1/charges', {
    body: {
      methodToken,
      purpose: 'subscription',
      amount: 7490,
      currency: 'EUR',
      merchantReference,
      description: 'Lumière transit: monthly pass',
      notifyUrl: 'https://api.lumiere.test/payments/notifications',
    },
  });
  return chargeAnswerSchema.parse(await response.json());
}

const stateOf = async (sandbox: TestSandbox, paymentId: string) => {
  const response = await apiCall(sandbox, 'GET', `/v1/payments/${paymentId}`);
  expect(response.status).toBe(200);
  return paymentStateAnswerSchema.parse(await response.json());
};

describe('GET /v1/payments/:id', () => {
  it('tells a charge whose every notification failed what it became, with its refusal reason', async () => {
    // The merchant's endpoint answers 503 to every try: nothing reaches it.
    const sandbox = createTestSandbox({ statuses: [503] });
    const token = await saveCard(sandbox, TEST_CARDS.laterChargesInsufficientFunds);
    const answer = await charge(sandbox, token, 'renewal-7');
    await vi.runAllTimersAsync();
    expect(sandbox.received.length).toBeGreaterThan(1);
    expect(await stateOf(sandbox, answer.id)).toEqual({
      id: answer.id,
      checkoutId: null,
      merchantReference: 'renewal-7',
      status: 'refused',
      amount: 7490,
      currency: 'EUR',
      method: 'CARD',
      purpose: 'subscription',
      reason: 'insufficient_funds',
      sequence: 1,
    });
  });

  it('follows a debit from pending to settled', async () => {
    const sandbox = createTestSandbox();
    const token = await saveMandate(sandbox, TEST_IBANS.settles[0]);
    const answer = await charge(sandbox, token, 'renewal-8');
    expect(await stateOf(sandbox, answer.id)).toMatchObject({
      status: 'pending',
      method: 'TRANSFER',
      reason: null,
    });
    await apiCall(sandbox, 'POST', `/v1/payments/${answer.id}/settle`);
    expect(await stateOf(sandbox, answer.id)).toMatchObject({ status: 'succeeded', sequence: 2 });
  });

  it('answers 404 for a payment it does not know and 401 without the API key', async () => {
    const sandbox = createTestSandbox();
    const unknown = await apiCall(sandbox, 'GET', '/v1/payments/pay_000000000000000000000000');
    expect(unknown.status).toBe(404);
    expect(errorAnswerSchema.parse(await unknown.json()).error.code).toBe('payment_not_found');
    expect((await apiCall(sandbox, 'GET', '/v1/payments/not-an-id')).status).toBe(404);
    const token = await saveCard(sandbox, TEST_CARDS.succeeds);
    const answer = await charge(sandbox, token, 'renewal-9');
    expect((await apiCall(sandbox, 'GET', `/v1/payments/${answer.id}`, { apiKey: null })).status).toBe(401);
  });
});
