import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_CARDS } from '../payments/test-data.ts';
import {
  chargeAnswerSchema,
  checkoutAnswerSchema,
  errorAnswerSchema,
  LOCALES,
  type Locale,
  paymentStateAnswerSchema,
} from '../protocol/schemas.ts';
import {
  apiCall,
  createTestSandbox,
  openPage,
  openTestCheckout,
  payWithCard,
  redirectQuery,
  submitForm,
  type TestSandbox,
} from '../test-support/sandbox.ts';
import { formatAmount } from './format.ts';
import { MESSAGES } from './messages.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A checkout that saves a card and charges nothing. */
const openCardSetup = (sandbox: TestSandbox, locale: Locale = 'en') =>
  openTestCheckout(sandbox, { amount: 0, saveMethod: true, customerReference: 'cust-7', locale });

const readJson = async (sandbox: TestSandbox, path: string) =>
  (await apiCall(sandbox, 'GET', path)).json() as Promise<unknown>;

const readCheckout = async (sandbox: TestSandbox, id: string) =>
  checkoutAnswerSchema.parse(await readJson(sandbox, `/v1/checkouts/${id}`));

const readPayment = async (sandbox: TestSandbox, checkoutId: string) => {
  const { paymentId } = await readCheckout(sandbox, checkoutId);
  return paymentStateAnswerSchema.parse(await readJson(sandbox, `/v1/payments/${paymentId}`));
};

describe('the page of a card-saving checkout', () => {
  it('English: "Save the card" as heading and button, nothing charged now, no amount to pay', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openCardSetup(sandbox);
    const { response, page } = await openPage(sandbox, id);
    expect(response.status).toBe(200);
    expect(page).toContain('<h1>Save the card</h1>');
    expect(page).toContain('>Save the card</button>');
    expect(page).toContain(
      'Nothing is charged now. The card will be used for later payments you have agreed to.',
    );
    expect(page).not.toContain('>Pay ');
    expect(page).not.toContain('€0.00');
    expect(page).not.toContain('Pay by card');
    // The same card form and Cancel as a payment.
    expect(page).toContain('<label for="number">Card number</label>');
    expect(page).toContain('>Cancel</button>');
  });

  it('Arabic: right to left, its own heading, button and hint, no "pay" button', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openCardSetup(sandbox, 'ar');
    const { page } = await openPage(sandbox, id);
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('<h1>حفظ البطاقة</h1>');
    expect(page).toContain('>احفظ البطاقة</button>');
    expect(page).toContain('لن يُخصم أي مبلغ الآن. ستُستخدم البطاقة في الدفعات اللاحقة التي وافقت عليها.');
    expect(page).not.toContain('ادفع');
    expect(page).toMatch(/id="number"[^>]*dir="ltr"/);
  });

  it.each(LOCALES)('%s: the texts of its locale instead of an amount to pay', async (locale) => {
    const sandbox = createTestSandbox();
    const { id } = await openCardSetup(sandbox, locale);
    const { page } = await openPage(sandbox, id);
    const t = MESSAGES[locale];
    expect(page).toContain(`<h1>${t.saveCardHeading}</h1>`);
    expect(page).toContain(`>${t.saveCard}</button>`);
    expect(page).toContain(t.saveCardHint);
    expect(page).not.toContain(t.pay(formatAmount(0, 'EUR', locale)));
    expect(page).not.toContain(t.cardHeading);
  });
});

describe('saving a card without charging it', () => {
  it('4242 4242 4242 4242 saves the card: payment of 0 succeeded, notification with savedMethod, back to returnUrl', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openCardSetup(sandbox);
    const response = await payWithCard(sandbox, id, TEST_CARDS.succeeds);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.lumiere.test/en/checkout/return');
    expect(location.search).toBe(`?order=1042&lang=en&checkout=${id}&status=succeeded`);

    expect(sandbox.received).toHaveLength(1);
    const { event } = sandbox.received[0] ?? {};
    expect(event).toMatchObject({
      type: 'payment.succeeded',
      sequence: 1,
      data: {
        checkoutId: id,
        amount: 0,
        currency: 'EUR',
        method: 'CARD',
        reason: null,
        savedMethod: {
          token: expect.stringMatching(/^pm_[0-9a-f]{24}$/),
          kind: 'CARD',
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2030,
          holder: 'Jeanne Dupont',
        },
      },
    });
    expect(sandbox.store.savedMethods.has(event?.data.savedMethod?.token ?? '')).toBe(true);

    expect(await readCheckout(sandbox, id)).toMatchObject({ status: 'succeeded', amount: 0 });
    expect(await readPayment(sandbox, id)).toMatchObject({
      checkoutId: id,
      status: 'succeeded',
      amount: 0,
      method: 'CARD',
      purpose: null,
      reason: null,
      sequence: 1,
    });
    const { page } = await openPage(sandbox, id);
    expect(page).toContain('<h1 class="status-succeeded">Card saved</h1>');
  });

  it('the challenge card saves it once 123456 confirms, the hint still on the challenge page', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openCardSetup(sandbox);
    const started = await payWithCard(sandbox, id, TEST_CARDS.challenge);
    expect(started.headers.get('location')).toBe(`/pay/${id}`);
    const { page } = await openPage(sandbox, id);
    expect(page).toContain('card ending in 3220');
    expect(page).toContain(MESSAGES.en.saveCardHint);
    expect(page).not.toContain('€0.00');

    const response = await submitForm(
      sandbox,
      id,
      { code: '123456', action: 'confirm' },
      `/pay/${id}/challenge`,
    );
    expect(redirectQuery(response).get('status')).toBe('succeeded');
    expect(sandbox.received[0]?.event).toMatchObject({
      type: 'payment.succeeded',
      data: { amount: 0, savedMethod: { kind: 'CARD', last4: '3220' } },
    });
  });

  it('a declined card saves nothing: refused notification of 0, back to returnUrl', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openCardSetup(sandbox);
    const response = await payWithCard(sandbox, id, TEST_CARDS.declined);
    expect(response.status).toBe(303);
    expect(redirectQuery(response).get('status')).toBe('refused');
    expect(sandbox.received.map(({ event }) => event)).toEqual([
      expect.objectContaining({
        type: 'payment.refused',
        data: expect.objectContaining({
          checkoutId: id,
          amount: 0,
          reason: 'card_declined',
          savedMethod: null,
        }),
      }),
    ]);
    expect(sandbox.store.savedMethods.size).toBe(0);
    expect(await readPayment(sandbox, id)).toMatchObject({ status: 'refused', amount: 0 });
    // Its page, opened again, speaks of the card, not of a payment.
    const { page } = await openPage(sandbox, id);
    expect(page).toContain('<h1 class="status-refused">Card refused</h1>');
    expect(page).not.toContain('Payment refused');
  });

  it('Cancel cancels it and saves nothing', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openCardSetup(sandbox);
    const response = await submitForm(sandbox, id, { action: 'cancel' });
    expect(response.status).toBe(303);
    expect(redirectQuery(response).get('status')).toBe('cancelled');
    expect(sandbox.received.map(({ event }) => event)).toEqual([
      expect.objectContaining({
        type: 'payment.cancelled',
        data: expect.objectContaining({ checkoutId: id, amount: 0, reason: null, savedMethod: null }),
      }),
    ]);
    expect(sandbox.store.savedMethods.size).toBe(0);
    expect(await readCheckout(sandbox, id)).toMatchObject({ status: 'cancelled', amount: 0 });
    const { page } = await openPage(sandbox, id);
    expect(page).toContain('<h1 class="status-cancelled">Card not saved</h1>');
  });
});

describe('later charges on a card saved without charge', () => {
  const saveWithoutCharge = async (sandbox: TestSandbox, number: string) => {
    const { id } = await openCardSetup(sandbox);
    await payWithCard(sandbox, id, number);
    const token = sandbox.received.at(-1)?.event.data.savedMethod?.token;
    if (!token) throw new Error(`card ${number} was not saved`);
    return token;
  };

  const chargeBody = (methodToken: string, amount: number) => ({
    methodToken,
    purpose: 'subscription',
    amount,
    currency: 'EUR',
    merchantReference: 'renewal-1',
    description: 'Lumière transit: monthly pass',
    notifyUrl: 'https://api.lumiere.test/payments/notifications',
  });

  it.each([
    [TEST_CARDS.succeeds, 'succeeded', null],
    [TEST_CARDS.declinesLaterCharges, 'refused', 'card_declined'],
    [TEST_CARDS.laterChargesInsufficientFunds, 'refused', 'insufficient_funds'],
  ] as const)(
    '%s: as a card saved by a paid checkout, the charge is %s (%s)',
    async (number, status, reason) => {
      const sandbox = createTestSandbox();
      const token = await saveWithoutCharge(sandbox, number);
      const response = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(token, 3300) });
      expect(response.status).toBe(201);
      const answer = chargeAnswerSchema.parse(await response.json());
      expect(answer).toEqual({ id: answer.id, status, purpose: 'subscription' });
      await vi.advanceTimersByTimeAsync(0);
      expect(sandbox.received.at(-1)?.event).toMatchObject({
        type: `payment.${status}`,
        data: { checkoutId: null, paymentId: answer.id, amount: 3300, reason, savedMethod: null },
      });
    },
  );

  it('a charge of 0 on it is still refused: 400 naming amount', async () => {
    const sandbox = createTestSandbox();
    const token = await saveWithoutCharge(sandbox, TEST_CARDS.succeeds);
    const response = await apiCall(sandbox, 'POST', '/v1/charges', { body: chargeBody(token, 0) });
    expect(response.status).toBe(400);
    const answer = errorAnswerSchema.parse(await response.json());
    expect(answer.error.issues?.map((issue) => issue.path)).toEqual(['amount']);
    expect(sandbox.store.payments.size).toBe(1);
  });
});
