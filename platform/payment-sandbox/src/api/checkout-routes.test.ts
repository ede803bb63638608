import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutAnswerSchema, createCheckoutAnswerSchema, errorAnswerSchema } from '../protocol/schemas.ts';
import { apiCall, checkoutRequest, createTestSandbox, START } from '../test-support/sandbox.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /v1/checkouts', () => {
  it('opens a checkout: 201 with its id, its page URL on the public origin and its expiry 30 minutes on', async () => {
    const sandbox = createTestSandbox();
    const response = await apiCall(sandbox, 'POST', '/v1/checkouts', { body: checkoutRequest() });
    expect(response.status).toBe(201);
    const answer = createCheckoutAnswerSchema.parse(await response.json());
    expect(answer.url).toBe(`http://sandbox.test/pay/${answer.id}`);
    expect(answer.expiresAt).toBe(new Date(START.getTime() + 30 * 60_000).toISOString());
  });

  it('refuses a missing or wrong key with 401 and a JSON error', async () => {
    const sandbox = createTestSandbox();
    for (const apiKey of [null, 'wrong-key-0123456789', '']) {
      const response = await apiCall(sandbox, 'POST', '/v1/checkouts', { body: checkoutRequest(), apiKey });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(errorAnswerSchema.parse(await response.json()).error.code).toBe('unauthorized');
    }
    const basic = await sandbox.app.request('/v1/checkouts', {
      method: 'POST',
      headers: { authorization: `Basic ${sandbox.config.apiKey}`, 'idempotency-key': 'k' },
      body: JSON.stringify(checkoutRequest()),
    });
    expect(basic.status).toBe(401);
    expect(sandbox.store.checkouts.size).toBe(0);
  });

  it.each([
    ['an unknown field', { ...checkoutRequest(), extra: true }, 'extra'],
    ['a missing field', { ...checkoutRequest(), notifyUrl: undefined }, 'notifyUrl'],
    ['a decimal amount', checkoutRequest({ amount: 12.5 }), 'amount'],
    ['a zero amount', checkoutRequest({ amount: 0 }), 'amount'],
    ['a string amount', { ...checkoutRequest(), amount: '1250' }, 'amount'],
    ['a lower-case currency', checkoutRequest({ currency: 'eur' }), 'currency'],
    ['an unknown currency', checkoutRequest({ currency: 'XYZ' }), 'currency'],
    ['an unknown method', { ...checkoutRequest(), method: 'PAYPAL' }, 'method'],
    ['an unknown locale', { ...checkoutRequest(), locale: 'de' }, 'locale'],
    ['a relative returnUrl', checkoutRequest({ returnUrl: '/return' }), 'returnUrl'],
    ['a javascript: returnUrl', checkoutRequest({ returnUrl: 'javascript:alert(1)' }), 'returnUrl'],
    ['a non-boolean saveMethod', { ...checkoutRequest(), saveMethod: 'yes' }, 'saveMethod'],
    ['an empty description', checkoutRequest({ description: '  ' }), 'description'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const sandbox = createTestSandbox();
    const response = await apiCall(sandbox, 'POST', '/v1/checkouts', { body });
    expect(response.status).toBe(400);
    const answer = errorAnswerSchema.parse(await response.json());
    expect(answer.error.code).toBe('invalid_request');
    expect(answer.error.issues?.map((issue) => issue.path).join(' ')).toContain(field);
  });

  it('never answers 500 to a malformed body', async () => {
    const sandbox = createTestSandbox();
    const bodies = [
      '',
      'not json',
      '{',
      'null',
      '[]',
      '42',
      '"text"',
      '{"amount":1e400}',
      '{"__proto__":{"x":1}}',
    ];
    for (const rawBody of bodies) {
      const response = await apiCall(sandbox, 'POST', '/v1/checkouts', { rawBody });
      expect(response.status).toBe(400);
      expect(errorAnswerSchema.safeParse(await response.json()).success).toBe(true);
    }
    const notJson = await sandbox.app.request('/v1/checkouts', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sandbox.config.apiKey}`,
        'idempotency-key': 'k',
        'content-type': 'text/plain',
      },
      body: '{}',
    });
    expect(notJson.status).toBe(415);
    const huge = await apiCall(sandbox, 'POST', '/v1/checkouts', {
      rawBody: `{"description":"${'x'.repeat(70_000)}"}`,
    });
    expect(huge.status).toBe(413);
  });

  it('requires a well-formed Idempotency-Key', async () => {
    const sandbox = createTestSandbox();
    const missing = await apiCall(sandbox, 'POST', '/v1/checkouts', {
      body: checkoutRequest(),
      idempotencyKey: null,
    });
    expect(missing.status).toBe(400);
    expect(errorAnswerSchema.parse(await missing.json()).error.code).toBe('idempotency_key_required');
    const tooLong = await apiCall(sandbox, 'POST', '/v1/checkouts', {
      body: checkoutRequest(),
      idempotencyKey: 'k'.repeat(256),
    });
    expect(tooLong.status).toBe(400);
  });

  it('answers the same checkout to the same key and request, even written differently', async () => {
    const sandbox = createTestSandbox();
    const first = await apiCall(sandbox, 'POST', '/v1/checkouts', {
      body: checkoutRequest(),
      idempotencyKey: 'order-1042',
    });
    const { notifyUrl, ...rest } = checkoutRequest();
    const reordered = await apiCall(sandbox, 'POST', '/v1/checkouts', {
      rawBody: JSON.stringify({ notifyUrl, ...rest }, null, 2),
      idempotencyKey: 'order-1042',
    });
    expect(first.status).toBe(201);
    expect(reordered.status).toBe(201);
    expect(await reordered.json()).toEqual(await first.json());
    expect(sandbox.store.checkouts.size).toBe(1);
  });

  it('answers 409 to the same key with another request, and opens nothing', async () => {
    const sandbox = createTestSandbox();
    await apiCall(sandbox, 'POST', '/v1/checkouts', {
      body: checkoutRequest(),
      idempotencyKey: 'order-1042',
    });
    const other = await apiCall(sandbox, 'POST', '/v1/checkouts', {
      body: checkoutRequest({ amount: 9999 }),
      idempotencyKey: 'order-1042',
    });
    expect(other.status).toBe(409);
    expect(errorAnswerSchema.parse(await other.json()).error.code).toBe('idempotency_key_reused');
    expect(sandbox.store.checkouts.size).toBe(1);
  });
});

describe('POST /v1/checkouts of zero: saving a card without charging it', () => {
  const zeroIssue = {
    path: 'amount',
    message: '0 only for a checkout that saves a card (method CARD, saveMethod true)',
  };

  it('opens a card-saving checkout (saveMethod, CARD) that GET answers with amount 0', async () => {
    const sandbox = createTestSandbox();
    const body = checkoutRequest({ amount: 0, saveMethod: true, customerReference: 'cust-7' });
    const response = await apiCall(sandbox, 'POST', '/v1/checkouts', { body });
    expect(response.status).toBe(201);
    const { id } = createCheckoutAnswerSchema.parse(await response.json());
    const read = await apiCall(sandbox, 'GET', `/v1/checkouts/${id}`);
    expect(checkoutAnswerSchema.parse(await read.json())).toMatchObject({
      id,
      status: 'open',
      amount: 0,
      method: 'CARD',
    });
  });

  it.each([
    ['without saveMethod', { saveMethod: false }],
    ['by transfer, even saving the mandate', { method: 'TRANSFER', saveMethod: true }],
    ['by transfer without saving', { method: 'TRANSFER', saveMethod: false }],
  ] as const)('refuses 0 %s: 400 naming amount as only a card-saving amount', async (_case, overrides) => {
    const sandbox = createTestSandbox();
    const body = checkoutRequest({ amount: 0, ...overrides });
    const refused = await apiCall(sandbox, 'POST', '/v1/checkouts', { body });
    expect(refused.status).toBe(400);
    const answer = errorAnswerSchema.parse(await refused.json());
    expect(answer.error.code).toBe('invalid_request');
    expect(answer.error.issues).toEqual([zeroIssue]);
    expect(sandbox.store.checkouts.size).toBe(0);
    // The same checkout of a real amount is fine: only the zero is refused.
    const paid = await apiCall(sandbox, 'POST', '/v1/checkouts', { body: { ...body, amount: 1 } });
    expect(paid.status).toBe(201);
  });

  it('keeps amounts in integer minor units below the maximum, a card-saving checkout too', async () => {
    const sandbox = createTestSandbox();
    const setup = { saveMethod: true, customerReference: 'cust-7' };
    for (const amount of [-1, 0.5, 100_000_000]) {
      const response = await apiCall(sandbox, 'POST', '/v1/checkouts', {
        body: checkoutRequest({ amount, ...setup }),
      });
      expect(response.status, String(amount)).toBe(400);
      const answer = errorAnswerSchema.parse(await response.json());
      expect(answer.error.issues?.map((issue) => issue.path)).toEqual(['amount']);
    }
    const zero = await apiCall(sandbox, 'POST', '/v1/checkouts', {
      body: checkoutRequest({ amount: 0, ...setup }),
    });
    expect(zero.status).toBe(201);
    expect(sandbox.store.checkouts.size).toBe(1);
  });
});

describe('GET /v1/checkouts/:id', () => {
  it('tells an open checkout, then expired once 30 minutes have passed', async () => {
    const sandbox = createTestSandbox();
    const created = createCheckoutAnswerSchema.parse(
      await (
        await apiCall(sandbox, 'POST', '/v1/checkouts', { body: checkoutRequest({ method: 'TRANSFER' }) })
      ).json(),
    );
    const read = async () =>
      checkoutAnswerSchema.parse(await (await apiCall(sandbox, 'GET', `/v1/checkouts/${created.id}`)).json());
    expect(await read()).toEqual({
      id: created.id,
      status: 'open',
      paymentId: expect.stringMatching(/^pay_/),
      merchantReference: 'pay-ref-1',
      amount: 1250,
      currency: 'EUR',
      method: 'TRANSFER',
    });
    vi.advanceTimersByTime(30 * 60_000 - 1);
    expect((await read()).status).toBe('open');
    vi.advanceTimersByTime(1);
    expect((await read()).status).toBe('expired');
  });

  it('answers 404 to an unknown or malformed id, and 401 without the key', async () => {
    const sandbox = createTestSandbox();
    for (const id of ['chk_000000000000000000000000', 'nope', '..%2F..']) {
      const response = await apiCall(sandbox, 'GET', `/v1/checkouts/${id}`);
      expect(response.status).toBe(404);
      expect(errorAnswerSchema.parse(await response.json()).error.code).toBe('checkout_not_found');
    }
    expect(
      (await apiCall(sandbox, 'GET', '/v1/checkouts/chk_000000000000000000000000', { apiKey: null })).status,
    ).toBe(401);
  });

  it('answers a JSON 404 to an unknown call', async () => {
    const sandbox = createTestSandbox();
    const response = await apiCall(sandbox, 'GET', '/v1/refunds');
    expect(response.status).toBe(404);
    expect(errorAnswerSchema.safeParse(await response.json()).success).toBe(true);
  });
});
