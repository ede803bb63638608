import { describe, expect, it } from 'vitest';
import { toSearchParams } from '../client/encode-payload.ts';
import { getSavedPaymentMethodsCall, PAYMENT_METHOD_CALLS } from './payment-methods.ts';

const base = { userToken: 't'.repeat(43), network_id: 101 };
const parse = (payload: Record<string, unknown>) => getSavedPaymentMethodsCall.request.safeParse(payload);

describe('Account/getCards.json', () => {
  it('PAY-01 a GET with a session, never cached, filling the session token and the network only', () => {
    expect(
      Object.values(PAYMENT_METHOD_CALLS).map((call) => [
        call.path,
        call.method,
        call.encoding,
        call.cacheable,
        call.authenticated,
        call.session,
        call.networkField,
      ]),
    ).toEqual([['Account/getCards.json', 'GET', 'query', false, true, { token: 'userToken' }, 'network_id']]);
  });

  it('PAY-01 reads the methods filter as a list, as the JSON text a query carries, or as one kind', () => {
    const query = Object.fromEntries(toSearchParams({ ...base, methods: ['CARD', 'TRANSFER'] }));
    expect(parse(query).data).toEqual({ ...base, methods: ['CARD', 'TRANSFER'] });
    expect(parse({ ...base, methods: ['TRANSFER'] }).data?.methods).toEqual(['TRANSFER']);
    expect(parse({ ...base, methods: 'CARD' }).data?.methods).toEqual(['CARD']);
    expect(parse(base).data?.methods).toBeUndefined();
  });

  it('PAY-01 refuses an unknown kind, an empty list, text that is no list, and unknown fields', () => {
    for (const methods of [['CASH'], [], '["CARD"', 'card', '[1]', ['CARD', 'TRANSFER', 'CARD']]) {
      const result = parse({ ...base, methods });
      expect(result.success, JSON.stringify(methods)).toBe(false);
      expect(result.error?.issues.every((issue) => issue.path[0] === 'methods')).toBe(true);
    }
    expect(parse({ ...base, userId: 7 }).success).toBe(false);
  });

  it('PAY-01 an answer carries labels and flags, and nothing more than the schema says', () => {
    const card = {
      id: 3,
      kind: 'CARD',
      label: '•••• •••• •••• 4242 · 12/30',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      expired: false,
      expiringSoon: false,
      isBookmarked: true,
      usedForInstalments: false,
    };
    const parsed = getSavedPaymentMethodsCall.response.parse({
      cards: [{ ...card, providerToken: 'pm_0123456789abcdef01234567' }],
    });
    expect(parsed.cards).toEqual([card]);
  });
});
