import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_CARDS, TEST_IBANS } from '../payments/test-data.ts';
import { chargeAnswerSchema, errorAnswerSchema, revokedMandateAnswerSchema } from '../protocol/schemas.ts';
import { apiCall, createTestSandbox, START, saveCard, saveMandate } from '../test-support/sandbox.ts';

afterEach(() => {
  vi.useRealTimers();
});

const chargeBody = (methodToken: string, merchantReference: string) => ({
  methodToken,
  purpose: 'subscription',
  amount: 4500,
  currency: 'EUR',
  merchantReference,
  description: 'Lumière transit: yearly pass renewal',
  notifyUrl: 'https://api.lumiere.test/payments/notifications',
});

const revoke = (sandbox: ReturnType<typeof createTestSandbox>, token: string, apiKey?: string | null) =>
  apiCall(sandbox, 'POST', `/v1/methods/${token}/revoke`, { idempotencyKey: null, apiKey });

describe('POST /v1/methods/:token/revoke', () => {
  it('revokes a saved mandate: later debits are refused at once (mandate_revoked)', async () => {
    const sandbox = createTestSandbox();
    const token = await saveMandate(sandbox, TEST_IBANS.settles[0]);
    const response = await revoke(sandbox, token);
    expect(response.status).toBe(200);
    const revokedAt = new Date(START.getTime() + sandbox.config.sepaSettleMs).toISOString();
    expect(revokedMandateAnswerSchema.parse(await response.json())).toEqual({
      token,
      status: 'revoked',
      revokedAt,
    });

    const charge = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(token, 'renewal-1') });
    expect(charge.status).toBe(201);
    const answer = chargeAnswerSchema.parse(await charge.json());
    expect(answer).toMatchObject({ status: 'refused', purpose: 'subscription' });
    await vi.advanceTimersByTimeAsync(sandbox.config.sepaSettleMs);
    // Not submitted to the bank: no pending event before the refusal.
    const events = sandbox.received.filter(({ event }) => event.data.paymentId === answer.id);
    expect(events.map(({ event }) => [event.type, event.sequence, event.data.reason])).toEqual([
      ['payment.refused', 1, 'mandate_revoked'],
    ]);
    expect(events[0]?.event.data).toMatchObject({ method: 'TRANSFER', checkoutId: null, amount: 4500 });
  });

  it('is idempotent: revoking again answers the first revocation', async () => {
    const sandbox = createTestSandbox();
    const token = await saveMandate(sandbox, TEST_IBANS.settles[1]);
    const first = await (await revoke(sandbox, token)).json();
    await vi.advanceTimersByTimeAsync(60_000);
    const second = await revoke(sandbox, token);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(first);
  });

  it('leaves the other saved methods as they are', async () => {
    const sandbox = createTestSandbox();
    const revoked = await saveMandate(sandbox, TEST_IBANS.settles[0]);
    const kept = await saveMandate(sandbox, TEST_IBANS.settles[0]);
    await revoke(sandbox, revoked);
    const charge = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(kept, 'renewal-2') });
    expect(chargeAnswerSchema.parse(await charge.json()).status).toBe('pending');
  });

  it('answers 404 to an unknown or malformed token and 409 to a card, with the error body', async () => {
    const sandbox = createTestSandbox();
    for (const token of ['pm_000000000000000000000000', 'card-4242']) {
      const response = await revoke(sandbox, token);
      expect(response.status).toBe(404);
      expect(errorAnswerSchema.parse(await response.json()).error.code).toBe('method_not_found');
    }
    const card = await saveCard(sandbox, TEST_CARDS.succeeds);
    const response = await revoke(sandbox, card);
    expect(response.status).toBe(409);
    expect(errorAnswerSchema.parse(await response.json()).error.code).toBe('method_not_revocable');
    // The card is still charged.
    const charge = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(card, 'renewal-3') });
    expect(chargeAnswerSchema.parse(await charge.json()).status).toBe('succeeded');
  });

  it('requires the API key and revokes nothing without it', async () => {
    const sandbox = createTestSandbox();
    const token = await saveMandate(sandbox, TEST_IBANS.settles[0]);
    for (const apiKey of [null, 'wrong-key-0123456789']) {
      const response = await revoke(sandbox, token, apiKey);
      expect(response.status).toBe(401);
      expect(errorAnswerSchema.safeParse(await response.json()).success).toBe(true);
    }
    expect(sandbox.store.savedMethods.get(token)?.revokedAt).toBeNull();
  });
});
