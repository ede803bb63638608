import { randomUUID } from 'node:crypto';
import { CHECKOUT_CALLS, type PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import {
  PAYMENT_METHOD_CALLS,
  type SavedPaymentMethodAnswer,
} from '@transit-shop/sdk/contract/payment-methods';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, type savedPaymentMethods } from '../../db/schema/payments.ts';
import type { NewUserRow } from '../../db/schema/users.ts';
import { signedInUser } from '../../test-support/accounts.ts';
import { VISA_SAVED } from '../../test-support/fake-payment-provider.ts';
import { storeSavedMethod, testProviderToken } from '../../test-support/saved-methods.ts';
import { LUMIERE_ID, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';
import { koOf, okOf } from '../account/account-test-kit.ts';

const testApp = useTestApp();

type Buyer = Awaited<ReturnType<typeof signIn>>;
type Saved = typeof savedPaymentMethods.$inferInsert;

const signIn = (networkId = LUMIERE_ID, user: Partial<NewUserRow> = {}) =>
  signedInUser({
    db: testApp.current.deps.db,
    clock: testApp.current.clock,
    policy: testApp.current.deps.sessionPolicy,
    networkId,
    user,
  });

/** A method saved by an earlier payment of the buyer, on lumiere unless said otherwise. */
const save = (buyer: Buyer, values: Partial<Saved> = {}) =>
  storeSavedMethod(
    testApp.current.deps.db,
    { userId: buyer.user.id, networkId: LUMIERE_ID, now: testApp.current.clock.now() },
    values,
  );

const bankAccount = { kind: 'TRANSFER', brand: null, last4: '0189', expMonth: null, expYear: null } as const;

const getCards = (payload: Record<string, unknown>) =>
  testApp.current.call(PAYMENT_METHOD_CALLS.getCards, payload);

async function cardsOf(buyer: Buyer, extra: Record<string, unknown> = {}, networkId = LUMIERE_ID) {
  const answer = await okOf<{ cards: SavedPaymentMethodAnswer[] }>(
    await getCards({ userToken: buyer.token, network_id: networkId, ...extra }),
  );
  return answer.cards;
}

describe('Account/getCards.json', () => {
  it('PAY-01 answers only this customer’s methods on this network, the bookmarked one first, then the newest', async () => {
    const buyer = await signIn();
    const older = await save(buyer, { last4: '1111' });
    testApp.current.clock.advanceMinutes(1);
    const account = await save(buyer, bankAccount);
    testApp.current.clock.advanceMinutes(1);
    const bookmarked = await save(buyer, { last4: '5555', brand: 'mastercard', bookmarked: true });
    await save(buyer, { last4: '9999', removedAt: testApp.current.clock.now() });
    await save(buyer, { last4: '7777', networkId: WAHAT_ID });
    const someoneElse = await signIn();
    const theirs = await save(someoneElse, { last4: '3333' });

    const cards = await cardsOf(buyer);
    expect(cards.map((card) => card.id)).toEqual([bookmarked.id, account.id, older.id]);
    expect(cards[0]).toEqual({
      id: bookmarked.id,
      kind: 'CARD',
      label: '•••• •••• •••• 5555 · 12/30',
      brand: 'mastercard',
      last4: '5555',
      expMonth: 12,
      expYear: 2030,
      expired: false,
      expiringSoon: false,
      isBookmarked: true,
      usedForInstalments: false,
    });
    expect(cards[1]).toMatchObject({
      kind: 'TRANSFER',
      label: 'IBAN •••• 0189',
      brand: null,
      expMonth: null,
      expired: false,
      expiringSoon: false,
      isBookmarked: false,
    });
    expect((await cardsOf(someoneElse)).map((card) => card.id)).toEqual([theirs.id]);
  });

  it('PAY-01 a session opened on another network lists that network’s methods only', async () => {
    const buyer = await signIn(WAHAT_ID);
    const onWahat = await save(buyer, { networkId: WAHAT_ID, last4: '6060' });
    await save(buyer, { networkId: LUMIERE_ID, last4: '1010' });
    expect((await cardsOf(buyer, {}, WAHAT_ID)).map((card) => card.id)).toEqual([onWahat.id]);
    // The session is Wahat's: on Lumière it is no session at all.
    const refused = await koOf(await getCards({ userToken: buyer.token, network_id: LUMIERE_ID }));
    expect([refused.status, refused.code]).toEqual([401, 'TOKEN_INVALID']);
  });

  it('PAY-01 the methods filter keeps cards, bank accounts, or both', async () => {
    const buyer = await signIn();
    const card = await save(buyer);
    testApp.current.clock.advanceMinutes(1);
    const account = await save(buyer, bankAccount);
    const ids = async (methods?: unknown) =>
      (await cardsOf(buyer, methods === undefined ? {} : { methods })).map((saved) => saved.id);
    expect(await ids(['CARD'])).toEqual([card.id]);
    expect(await ids(['TRANSFER'])).toEqual([account.id]);
    expect(await ids('TRANSFER')).toEqual([account.id]);
    expect(await ids(['CARD', 'TRANSFER'])).toEqual([account.id, card.id]);
    expect(await ids()).toEqual([account.id, card.id]);
  });

  it('PAY-01 never answers the provider’s token nor the holder', async () => {
    const buyer = await signIn();
    const card = await save(buyer);
    const response = await getCards({ userToken: buyer.token, network_id: LUMIERE_ID });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain('4242');
    expect(text).not.toContain(card.providerToken);
    expect(text).not.toMatch(/pm_|providerToken|provider_token|holder|Lovelace/);
  });

  it('spec 01 a card past its expiry month is expired, one ending this month or the next expires soon', async () => {
    // The test clock is 23 November 2026 in Lumière (Europe/Paris).
    const buyer = await signIn();
    const months = [
      [10, 2026],
      [11, 2026],
      [12, 2026],
      [1, 2027],
    ] as const;
    for (const [expMonth, expYear] of months) {
      await save(buyer, { expMonth, expYear, last4: `${expMonth}`.padStart(4, '0') });
      testApp.current.clock.advanceMinutes(1);
    }
    const flags = (await cardsOf(buyer)).map((card) => [card.label, card.expired, card.expiringSoon]);
    expect(flags).toEqual([
      ['•••• •••• •••• 0001 · 01/27', false, false],
      ['•••• •••• •••• 0012 · 12/26', false, true],
      ['•••• •••• •••• 0011 · 11/26', false, true],
      ['•••• •••• •••• 0010 · 10/26', true, false],
    ]);
  });

  it('PAY-02 the method saved by an order in instalments is used for its later instalments', async () => {
    const buyer = await signIn();
    const placed = await okOf<PlaceOrderAnswer>(
      await testApp.current.call(CHECKOUT_CALLS.placeOrder, {
        userToken: buyer.token,
        userId: buyer.user.id,
        networkId: LUMIERE_ID,
        articles: [{ shopItemId: 2103, quantity: 1, support: 'DEMATERIALIZED', startMonth: '2027-01' }],
        installments: 3,
        orderKey: randomUUID(),
        returnUrl: '/cart/checkout',
      }),
    );
    const [payment] = await testApp.current.deps.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, placed.orderId));
    if (!payment) throw new Error('the order has no payment');
    const notification = testApp.current.payments.notification(payment.id, 'payment.succeeded', {
      savedMethod: { ...VISA_SAVED, token: testProviderToken() },
    });
    const notified = await testApp.current.app.request('/payments/notifications/sandbox', {
      method: 'POST',
      headers: notification.headers,
      body: notification.body,
    });
    expect(notified.status).toBe(200);
    const other = await save(buyer, { last4: '1212' });
    const cards = await cardsOf(buyer);
    expect(cards.map((card) => [card.last4, card.usedForInstalments])).toEqual([
      ['1212', false],
      ['4242', true],
    ]);
    expect(cards.find((card) => card.usedForInstalments)?.id).not.toBe(other.id);
  });

  it('AUTH-04 a guest session has no saved method: an empty list', async () => {
    const guest = await signIn(LUMIERE_ID, { status: 'GUEST', email: null });
    expect(await cardsOf(guest)).toEqual([]);
  });

  it('API-02 without a live session the call answers 401 and lists nothing', async () => {
    const buyer = await signIn();
    await save(buyer);
    for (const userToken of ['not-a-session', `${buyer.token}x`]) {
      const refused = await koOf(await getCards({ userToken, network_id: LUMIERE_ID }));
      expect([refused.status, refused.code]).toEqual([401, 'TOKEN_INVALID']);
    }
  });

  it('API-03 a bad payload answers 400 INVALID_REQUEST naming each field, before any session is read', async () => {
    const buyer = await signIn();
    const issuesOf = async (payload: Record<string, unknown>) => {
      const refused = await koOf(await getCards(payload));
      expect([refused.status, refused.code]).toEqual([400, 'INVALID_REQUEST']);
      return ((refused.details as { issues: { path: string }[] }).issues ?? []).map((issue) => issue.path);
    };
    const base = { userToken: buyer.token, network_id: LUMIERE_ID };
    expect(await issuesOf({ ...base, methods: ['CASH'] })).toEqual(['methods']);
    expect(await issuesOf({ ...base, methods: [] })).toEqual(['methods']);
    expect(await issuesOf({ ...base, methods: 'cards' })).toEqual(['methods']);
    expect(await issuesOf({ ...base, userId: buyer.user.id })).toEqual(['userId']);
    expect(await issuesOf({ network_id: LUMIERE_ID })).toEqual(['userToken']);
  });
});
