import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_IBANS } from '../payments/test-data.ts';
import {
  apiCall,
  createTestSandbox,
  openPage,
  openTestCheckout,
  redirectQuery,
  submitForm,
  type TestSandbox,
} from '../test-support/sandbox.ts';

afterEach(() => {
  vi.useRealTimers();
});

const mandate = {
  holder: 'Jeanne Dupont',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  consent: 'yes',
  action: 'pay',
};

const openMandate = (sandbox: TestSandbox, saveMethod = false) =>
  openTestCheckout(sandbox, { method: 'TRANSFER', saveMethod, description: 'Lumière transit: pass 2/3' });

const statusOf = async (sandbox: TestSandbox, id: string) =>
  ((await (await apiCall(sandbox, 'GET', `/v1/checkouts/${id}`)).json()) as { status: string }).status;

describe('the SEPA mandate form', () => {
  it('shows the holder and IBAN fields, the mandate text naming the merchant description and the consent box', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openMandate(sandbox);
    const { page } = await openPage(sandbox, id);
    expect(page).toContain('<label for="holder">Account holder</label>');
    expect(page).toContain('<label for="iban">IBAN</label>');
    expect(page).toContain(
      'you authorise \u2068Lumière transit: pass 2/3\u2069 to send instructions to your bank',
    );
    expect(page).toMatch(/<input type="checkbox" id="consent" name="consent" value="yes" required>/);
    expect(page).toContain('<label for="consent">I accept this mandate');
    expect(page).not.toContain('name="number"');
  });

  it.each([
    [
      'an IBAN failing mod 97',
      { iban: 'FR76 3000 6000 0112 3456 7890 188' },
      'iban',
      'This IBAN is not valid.',
    ],
    ['a malformed IBAN', { iban: '12345' }, 'iban', 'This IBAN is not valid.'],
    ['no IBAN', { iban: '' }, 'iban', 'Enter the IBAN.'],
    ['no consent', { consent: '' }, 'consent', 'Accept the mandate to pay by direct debit.'],
    ['no holder', { holder: '' }, 'holder', 'Enter the holder&#39;s name.'],
  ])('%s: 422 with the error beside its field and the values kept', async (_case, change, field, message) => {
    const sandbox = createTestSandbox();
    const { id } = await openMandate(sandbox);
    const response = await submitForm(sandbox, id, { ...mandate, ...change });
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain(`<p class="error" id="${field}-error">${message}</p>`);
    expect(page).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
    expect(page).toContain(`<li><a href="#${field}">${message}</a></li>`);
    if (field !== 'iban') expect(page).toContain(`value="${mandate.iban}"`);
    if ('iban' in change && change.iban) expect(page).toContain(`value="${change.iban}"`);
    if (field !== 'holder') expect(page).toContain('value="Jeanne Dupont"');
    if (field !== 'consent') expect(page).toMatch(/id="consent" name="consent" value="yes" required checked/);
    expect(sandbox.received).toHaveLength(0);
  });

  it('accepts an IBAN typed in lower case with spaces', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openMandate(sandbox);
    const response = await submitForm(sandbox, id, { ...mandate, iban: ' de89 3704 0044 0532 0130 00 ' });
    expect(redirectQuery(response).get('status')).toBe('pending');
  });
});

describe('a SEPA debit', () => {
  it('is pending once submitted, then succeeds when the settle delay has passed, saving the mandate', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openMandate(sandbox, true);
    const response = await submitForm(sandbox, id, mandate);
    expect(response.status).toBe(303);
    expect(redirectQuery(response).get('status')).toBe('pending');
    expect(await statusOf(sandbox, id)).toBe('pending');
    expect(sandbox.received.map(({ event }) => [event.type, event.sequence])).toEqual([
      ['payment.pending', 1],
    ]);
    expect(sandbox.received[0]?.event.data).toMatchObject({ method: 'TRANSFER', savedMethod: null });

    await vi.advanceTimersByTimeAsync(4999);
    expect(sandbox.received).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sandbox.received.map(({ event }) => [event.type, event.sequence])).toEqual([
      ['payment.pending', 1],
      ['payment.succeeded', 2],
    ]);
    expect(sandbox.received[1]?.event.data.savedMethod).toEqual({
      token: expect.stringMatching(/^pm_/),
      kind: 'TRANSFER',
      ibanLast4: '0189',
      holder: 'Jeanne Dupont',
    });
    expect(await statusOf(sandbox, id)).toBe('succeeded');
  });

  it('on the insufficient-funds IBAN is refused when it settles, saving nothing', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openMandate(sandbox, true);
    await submitForm(sandbox, id, { ...mandate, iban: TEST_IBANS.insufficientFunds });
    await vi.advanceTimersByTimeAsync(5000);
    expect(sandbox.received.map(({ event }) => event.type)).toEqual(['payment.pending', 'payment.refused']);
    expect(sandbox.received[1]?.event.data).toMatchObject({
      reason: 'insufficient_funds',
      savedMethod: null,
    });
    expect(sandbox.store.savedMethods.size).toBe(0);
  });

  it.each([
    [TEST_IBANS.settles[1], 'succeeded', null],
    [TEST_IBANS.insufficientFunds, 'refused', 'insufficient_funds'],
  ])(
    '%s settles at once through the test helper (%s), and not again on the timer',
    async (iban, status, reason) => {
      const sandbox = createTestSandbox();
      const { id } = await openMandate(sandbox);
      await submitForm(sandbox, id, { ...mandate, iban });
      const { paymentId } = (await (await apiCall(sandbox, 'GET', `/v1/checkouts/${id}`)).json()) as {
        paymentId: string;
      };
      const settled = await apiCall(sandbox, 'POST', `/v1/payments/${paymentId}/settle`, {
        idempotencyKey: null,
      });
      expect(settled.status).toBe(200);
      expect(await settled.json()).toEqual({ id: paymentId, status });
      expect(sandbox.received[1]?.event).toMatchObject({ type: `payment.${status}`, data: { reason } });

      const again = await apiCall(sandbox, 'POST', `/v1/payments/${paymentId}/settle`, {
        idempotencyKey: null,
      });
      expect(await again.json()).toEqual({ id: paymentId, status });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(sandbox.received).toHaveLength(2);
    },
  );

  it('the settle helper refuses a payment that is not a debit, an unknown one, and a call without the key', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    const { paymentId } = (await (await apiCall(sandbox, 'GET', `/v1/checkouts/${id}`)).json()) as {
      paymentId: string;
    };
    expect((await apiCall(sandbox, 'POST', `/v1/payments/${paymentId}/settle`)).status).toBe(409);
    expect((await apiCall(sandbox, 'POST', '/v1/payments/pay_000000000000000000000000/settle')).status).toBe(
      404,
    );
    expect(
      (await apiCall(sandbox, 'POST', `/v1/payments/${paymentId}/settle`, { apiKey: null })).status,
    ).toBe(401);
  });

  it('any other valid IBAN is refused at once (iban_not_supported)', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openMandate(sandbox);
    const response = await submitForm(sandbox, id, { ...mandate, iban: 'GB82 WEST 1234 5698 7654 32' });
    expect(redirectQuery(response).get('status')).toBe('refused');
    expect(sandbox.received.map(({ event }) => [event.type, event.data.reason])).toEqual([
      ['payment.refused', 'iban_not_supported'],
    ]);
  });

  it('a pending debit shows its state on the page and cannot be submitted again', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openMandate(sandbox);
    await submitForm(sandbox, id, mandate);
    const { page } = await openPage(sandbox, id);
    expect(page).toContain('Direct debit submitted');
    expect(page).not.toContain('name="iban"');
  });
});
