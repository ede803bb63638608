import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_CARDS } from '../payments/test-data.ts';
import {
  apiCall,
  createTestSandbox,
  formTokenOf,
  openPage,
  openTestCheckout,
  payWithCard,
  redirectQuery,
  submitForm,
  type TestSandbox,
} from '../test-support/sandbox.ts';

afterEach(() => {
  vi.useRealTimers();
});

const statusOf = async (sandbox: TestSandbox, id: string) =>
  ((await (await apiCall(sandbox, 'GET', `/v1/checkouts/${id}`)).json()) as { status: string }).status;

describe('the card form', () => {
  it('shows the amount, the description and labelled card fields with their autocomplete', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    const { response, page } = await openPage(sandbox, id);
    expect(response.status).toBe(200);
    expect(page).toContain('€12.50');
    expect(page).toContain('Lumière transit: order 1042');
    for (const [name, autocomplete] of [
      ['holder', 'cc-name'],
      ['number', 'cc-number'],
      ['expiry', 'cc-exp'],
      ['cvc', 'cc-csc'],
    ]) {
      expect(page).toMatch(new RegExp(`<label for="${name}">`));
      expect(page).toMatch(
        new RegExp(`<input type="text" id="${name}" name="${name}"[^>]*autocomplete="${autocomplete}"`),
      );
    }
    expect(page).toMatch(/id="number"[^>]*inputmode="numeric"/);
    expect(page).toMatch(/id="cvc"[^>]*inputmode="numeric"/);
    expect(page).toContain('>Pay €12.50</button>');
    expect(page).toContain('>Cancel</button>');
    expect(page).not.toContain('<script');
  });

  it('answers with the security headers: no script, no framing, no referrer, the shop allowed as form target', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    const { response, page } = await openPage(sandbox, id);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' https://shop.lumiere.test");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');

    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(page)?.[1] ?? '';
    const css = await sandbox.app.request(stylesheet);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(await css.text()).toContain('prefers-color-scheme: dark');
  });
});

describe('paying by card', () => {
  it('4242 4242 4242 4242 succeeds: notification first, then 303 to the returnUrl keeping its query', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    const response = await payWithCard(sandbox, id, '4242 4242 4242 4242');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.lumiere.test/en/checkout/return');
    expect(location.search).toBe(`?order=1042&lang=en&checkout=${id}&status=succeeded`);
    expect(sandbox.received).toHaveLength(1);
    expect(sandbox.received[0]?.event).toMatchObject({
      type: 'payment.succeeded',
      sequence: 1,
      data: {
        checkoutId: id,
        amount: 1250,
        currency: 'EUR',
        method: 'CARD',
        reason: null,
        savedMethod: null,
      },
    });
    expect(await statusOf(sandbox, id)).toBe('succeeded');
  });

  it.each([
    [TEST_CARDS.declined, 'card_declined'],
    ['4111 1111 1111 1111', 'card_not_supported'],
    ['5555 5555 5555 4444', 'card_not_supported'],
  ])('%s is refused (%s)', async (number, reason) => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    const response = await payWithCard(sandbox, id, number);
    expect(response.status).toBe(303);
    expect(redirectQuery(response).get('status')).toBe('refused');
    expect(sandbox.received[0]?.event).toMatchObject({ type: 'payment.refused', data: { reason } });
  });

  it.each([
    [TEST_CARDS.declinesLaterCharges, '0341'],
    [TEST_CARDS.laterChargesInsufficientFunds, '9995'],
  ])('%s succeeds, saving the method when asked (only later charges are refused)', async (number, last4) => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox, { saveMethod: true, customerReference: 'cust-7' });
    const response = await payWithCard(sandbox, id, number);
    expect(redirectQuery(response).get('status')).toBe('succeeded');
    expect(sandbox.received[0]?.event.type).toBe('payment.succeeded');
    expect(sandbox.received[0]?.event.data.savedMethod).toEqual({
      token: expect.stringMatching(/^pm_[0-9a-f]{24}$/),
      kind: 'CARD',
      brand: 'visa',
      last4,
      expMonth: 12,
      expYear: 2030,
      holder: 'Jeanne Dupont',
    });
  });

  it('a refused card saves nothing even when asked', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox, { saveMethod: true });
    await payWithCard(sandbox, id, TEST_CARDS.declined);
    expect(sandbox.received[0]?.event.data.savedMethod).toBeNull();
    expect(sandbox.store.savedMethods.size).toBe(0);
  });

  it('Cancel ends the checkout as cancelled, without looking at the fields', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    const response = await submitForm(sandbox, id, { action: 'cancel', number: 'garbage' });
    expect(response.status).toBe(303);
    expect(redirectQuery(response).get('status')).toBe('cancelled');
    expect(redirectQuery(response).get('order')).toBe('1042');
    expect(sandbox.received[0]?.event).toMatchObject({ type: 'payment.cancelled', data: { reason: null } });
    expect(await statusOf(sandbox, id)).toBe('cancelled');
  });

  it('a finished checkout cannot be paid twice: its page shows the result and a post changes nothing', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    const { page } = await openPage(sandbox, id);
    await payWithCard(sandbox, id, TEST_CARDS.succeeds);

    const again = await sandbox.app.request(`/pay/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: formTokenOf(page),
        action: 'pay',
        number: TEST_CARDS.succeeds,
      }).toString(),
    });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`/pay/${id}`);
    const result = await openPage(sandbox, id);
    expect(result.page).toContain('Payment accepted');
    expect(result.page).not.toContain('name="number"');
    expect(result.page).toContain(`checkout=${id}&amp;status=succeeded`);
    expect(sandbox.received).toHaveLength(1);
  });

  it('two submissions at once make one payment and one notification', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    const [first, second] = await Promise.all([
      payWithCard(sandbox, id, TEST_CARDS.succeeds),
      payWithCard(sandbox, id, TEST_CARDS.declined),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(sandbox.received).toHaveLength(1);
  });

  it('refuses a post without the page form token (another site cannot pay or cancel)', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    for (const token of ['', 'forged-token']) {
      const response = await sandbox.app.request(`/pay/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, action: 'cancel' }).toString(),
      });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('This form is out of date');
    }
    expect(await statusOf(sandbox, id)).toBe('open');
    expect(sandbox.received).toHaveLength(0);
  });

  it('answers an unknown checkout page with 404', async () => {
    const sandbox = createTestSandbox();
    expect((await sandbox.app.request('/pay/chk_000000000000000000000000')).status).toBe(404);
    expect((await sandbox.app.request('/pay/whatever')).status).toBe(404);
  });
});

describe('card form errors', () => {
  it.each([
    ['a number failing Luhn', { number: '4242 4242 4242 4241' }, 'number', 'This card number is not valid.'],
    ['letters in the number', { number: '4242 abcd' }, 'number', 'This card number is not valid.'],
    ['no number', { number: '' }, 'number', 'Enter the card number.'],
    ['a past expiry', { expiry: '10/26' }, 'expiry', 'This card has expired.'],
    ['month 13', { expiry: '13/30' }, 'expiry', 'Enter the expiry date as MM/YY.'],
    ['a two-digit CVC', { cvc: '12' }, 'cvc', 'Enter the 3 or 4 digit security code.'],
    ['no holder', { holder: ' ' }, 'holder', "Enter the holder's name."],
  ])(
    '%s: 422, the error beside its field and in the summary, values kept except the CVC',
    async (_case, change, field, message) => {
      const sandbox = createTestSandbox();
      const { id } = await openTestCheckout(sandbox);
      const response = await payWithCard(sandbox, id, TEST_CARDS.succeeds, change);
      expect(response.status).toBe(422);
      const page = await response.text();
      const escaped = message.replace("'", '&#39;');
      expect(page).toMatch(
        new RegExp(`id="${field}"[^>]*aria-describedby="[^"]*${field}-error"[^>]*aria-invalid="true"`),
      );
      expect(page).toContain(`<p class="error" id="${field}-error">${escaped}</p>`);
      expect(page).toMatch(/<div class="error-summary" role="alert"/);
      expect(page).toContain(`<li><a href="#${field}">${escaped}</a></li>`);
      const values = { holder: 'Jeanne Dupont', number: TEST_CARDS.succeeds, expiry: '12/30', ...change };
      for (const [name, value] of Object.entries(values)) {
        if (name === 'cvc') continue;
        if (name !== field || value.trim() !== '')
          expect(page).toMatch(new RegExp(`id="${name}" name="${name}" value="${value}"`));
      }
      expect(page).toMatch(/id="cvc" name="cvc" value=""/);
      expect(sandbox.received).toHaveLength(0);
    },
  );

  it('keeps an expiry valid through the end of its month', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    const response = await payWithCard(sandbox, id, TEST_CARDS.succeeds, { expiry: '11/26' });
    expect(response.status).toBe(303);
  });

  it('escapes what the customer typed', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    const response = await payWithCard(sandbox, id, '"><script>alert(1)</script>');
    const page = await response.text();
    expect(page).not.toContain('<script>');
    expect(page).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('the authentication challenge (4000 0000 0000 3220)', () => {
  const startChallenge = async (sandbox: TestSandbox) => {
    const { id } = await openTestCheckout(sandbox, { saveMethod: true });
    const response = await payWithCard(sandbox, id, TEST_CARDS.challenge);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/pay/${id}`);
    const { page } = await openPage(sandbox, id);
    expect(page).toContain('Confirm the payment with your bank');
    expect(page).toContain('card ending in 3220');
    expect(page).toContain(`action="/pay/${id}/challenge"`);
    expect(sandbox.received).toHaveLength(0);
    return id;
  };

  it('123456 approves', async () => {
    const sandbox = createTestSandbox();
    const id = await startChallenge(sandbox);
    const response = await submitForm(
      sandbox,
      id,
      { code: '123456', action: 'confirm' },
      `/pay/${id}/challenge`,
    );
    expect(redirectQuery(response).get('status')).toBe('succeeded');
    expect(sandbox.received[0]?.event).toMatchObject({
      type: 'payment.succeeded',
      data: { savedMethod: { kind: 'CARD', last4: '3220' } },
    });
  });

  it.each([
    ['a wrong code', { code: '000000', action: 'confirm' }],
    ['Cancel', { code: '123456', action: 'cancel' }],
  ])('%s refuses with authentication_failed', async (_case, fields) => {
    const sandbox = createTestSandbox();
    const id = await startChallenge(sandbox);
    const response = await submitForm(sandbox, id, fields, `/pay/${id}/challenge`);
    expect(redirectQuery(response).get('status')).toBe('refused');
    expect(sandbox.received[0]?.event).toMatchObject({
      type: 'payment.refused',
      data: { reason: 'authentication_failed', savedMethod: null },
    });
  });
});

describe('expiry', () => {
  it('after 30 minutes the page says expired and cannot be paid', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox);
    const { page } = await openPage(sandbox, id);
    vi.advanceTimersByTime(30 * 60_000);
    const expired = await openPage(sandbox, id);
    expect(expired.page).toContain('This payment page has expired');
    expect(expired.page).not.toContain('name="number"');
    expect(expired.page).toContain(`checkout=${id}&amp;status=expired`);

    const late = await sandbox.app.request(`/pay/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: formTokenOf(page),
        action: 'pay',
        number: TEST_CARDS.succeeds,
        holder: 'J',
        expiry: '12/30',
        cvc: '123',
      }).toString(),
    });
    expect(late.status).toBe(303);
    expect(late.headers.get('location')).toBe(`/pay/${id}`);
    expect(sandbox.received).toHaveLength(0);
    expect(await statusOf(sandbox, id)).toBe('expired');
  });
});
