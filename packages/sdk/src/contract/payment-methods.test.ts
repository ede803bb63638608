import { describe, expect, it } from 'vitest';
import { toSearchParams } from '../client/encode-payload.ts';
import {
  getSavedPaymentMethodsCall,
  PAYMENT_METHOD_CALLS,
  removeCardBookmarkCall,
  setCardBookmarkCall,
  unregisterCardCall,
} from './payment-methods.ts';

const base = { userToken: 't'.repeat(43), network_id: 101 };
const parse = (payload: Record<string, unknown>) => getSavedPaymentMethodsCall.request.safeParse(payload);

describe('Account/getCards.json', () => {
  it('PAY-01 PM-03 the list is a GET with a session, never cached; removal and the bookmark calls change it', () => {
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
    ).toEqual([
      ['Account/getCards.json', 'GET', 'query', false, true, { token: 'userToken' }, 'network_id'],
      ['Account/unregisterCard.json', 'POST', 'json', false, true, { token: 'userToken' }, null],
      ['account/setCardBookmark', 'PUT', 'json', false, true, { token: 'userToken', userId: 'userId' }, null],
      [
        'account/removeCardBookmark',
        'PUT',
        'json',
        false,
        true,
        { token: 'userToken', userId: 'userId' },
        null,
      ],
    ]);
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
      usedForSubscriptions: false,
      locked: false,
    };
    const parsed = getSavedPaymentMethodsCall.response.parse({
      cards: [{ ...card, providerToken: 'pm_0123456789abcdef01234567' }],
    });
    expect(parsed.cards).toEqual([card]);
  });
});

describe('the calls that change saved methods (PM-03)', () => {
  const session = { userToken: 't'.repeat(43), userId: 12 };

  it('PM-03 name the method by its id, with the session; anything else is refused', () => {
    expect(unregisterCardCall.request.safeParse({ userToken: session.userToken, cardId: 3 }).success).toBe(
      true,
    );
    for (const call of [setCardBookmarkCall, removeCardBookmarkCall]) {
      expect(call.request.safeParse({ ...session, cardId: 3 }).success).toBe(true);
      for (const cardId of [0, -1, 1.5, 'card', null]) {
        const result = call.request.safeParse({ ...session, cardId });
        expect(result.success, String(cardId)).toBe(false);
        expect(result.error?.issues[0]?.path).toEqual(['cardId']);
      }
      expect(call.request.safeParse({ ...session }).success).toBe(false);
      expect(call.request.safeParse({ ...session, cardId: 3, bookmarked: true }).success).toBe(false);
    }
    expect(unregisterCardCall.request.safeParse({ userToken: session.userToken }).success).toBe(false);
  });
});
