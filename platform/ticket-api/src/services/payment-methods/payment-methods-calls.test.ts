import { randomUUID } from 'node:crypto';
import { CHECKOUT_CALLS, type PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import {
  PAYMENT_METHOD_CALLS,
  type SavedPaymentMethodAnswer,
} from '@transit-shop/sdk/contract/payment-methods';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { type InstalmentRow, instalments, payments, savedPaymentMethods } from '../../db/schema/payments.ts';
import type { NewUserRow } from '../../db/schema/users.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { signedInUser } from '../../test-support/accounts.ts';
import { VISA_SAVED } from '../../test-support/fake-payment-provider.ts';
import { storeSavedMethod, testProviderToken } from '../../test-support/saved-methods.ts';
import { LUMIERE_ID, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';

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

type Method = { id: number };

/** The method's row as stored: what a refused change must leave as it was. */
async function stored(method: Method) {
  const [row] = await testApp.current.deps.db
    .select()
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.id, method.id));
  if (!row) throw new Error(`no saved method ${method.id}`);
  return row;
}

/** The buyer's bookmarked methods on a network, as stored. */
async function bookmarkedOf(buyer: Buyer, networkId = LUMIERE_ID) {
  const rows = await testApp.current.deps.db
    .select({ id: savedPaymentMethods.id })
    .from(savedPaymentMethods)
    .where(
      and(
        eq(savedPaymentMethods.userId, buyer.user.id),
        eq(savedPaymentMethods.networkId, networkId),
        eq(savedPaymentMethods.bookmarked, true),
      ),
    );
  return rows.map((row) => row.id);
}

/** A completed order of the buyer in three instalments; its second one, charged to the method, in this status. */
async function instalmentOn(buyer: Buyer, method: Method, status: InstalmentRow['status']) {
  const { db } = testApp.current.deps;
  const now = testApp.current.clock.now();
  const [order] = await db
    .insert(orders)
    .values({
      networkId: LUMIERE_ID,
      userId: buyer.user.id,
      orderKey: randomUUID(),
      requestHash: 'test',
      status: 'COMPLETED',
      processStatus: 'TO_PROCESS',
      currency: 'EUR',
      subtotalAmount: 30000,
      discountAmount: 0,
      totalAmount: 30000,
      paymentMethod: 'CARD',
      installments: 3,
      savedPaymentMethodId: method.id,
      lang: 'fr',
      buyer: {
        guest: false,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: buyer.user.email,
        customerNumber: String(buyer.user.id),
        invoiceEmail: buyer.user.email,
      },
      vouchers: [],
      discounts: [],
      completedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('the order was not stored');
  const [instalment] = await db
    .insert(instalments)
    .values({
      orderId: order.id,
      number: 2,
      dueDate: '2026-12-23',
      amount: 10000,
      status,
      savedPaymentMethodId: method.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!instalment) throw new Error('the instalment was not stored');
  return instalment;
}

async function cardsOf(buyer: Buyer, extra: Record<string, unknown> = {}, networkId = LUMIERE_ID) {
  const answer = await okOf<{ cards: SavedPaymentMethodAnswer[] }>(
    await getCards({ userToken: buyer.token, network_id: networkId, ...extra }),
  );
  return answer.cards;
}

describe('Account/getCards.json', () => {
  it('PAY-01 PM-01 answers only this customer’s methods on this network, the bookmarked one first, then the newest', async () => {
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
      usedForSubscriptions: false,
      locked: false,
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

  it('never answers the provider’s token nor the holder', async () => {
    const buyer = await signIn();
    const card = await save(buyer);
    const response = await getCards({ userToken: buyer.token, network_id: LUMIERE_ID });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain('4242');
    expect(text).not.toContain(card.providerToken);
    expect(text).not.toMatch(/pm_|providerToken|provider_token|holder|Lovelace/);
  });

  it('PM-02 a card past its expiry month is expired, one ending this month or the next expires soon', async () => {
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

  it('PAY-02 PM-01 the method saved by an order in instalments is used for its later instalments, so locked', async () => {
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
    expect(cards.map((card) => [card.last4, card.usedForInstalments, card.locked])).toEqual([
      ['1212', false, false],
      ['4242', true, true],
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

type CardsAnswer = { cards: SavedPaymentMethodAnswer[] };

const unregister = (buyer: Buyer, method: Method, networkId = LUMIERE_ID) =>
  testApp.current.call(
    PAYMENT_METHOD_CALLS.unregisterCard,
    { userToken: buyer.token, cardId: method.id },
    { networkId },
  );

const setBookmark = (buyer: Buyer, method: Method, extra: Record<string, unknown> = {}) =>
  testApp.current.call(PAYMENT_METHOD_CALLS.setCardBookmark, {
    cardId: method.id,
    userToken: buyer.token,
    userId: buyer.user.id,
    ...extra,
  });

const removeBookmark = (buyer: Buyer, method: Method, extra: Record<string, unknown> = {}) =>
  testApp.current.call(PAYMENT_METHOD_CALLS.removeCardBookmark, {
    cardId: method.id,
    userToken: buyer.token,
    userId: buyer.user.id,
    ...extra,
  });

const BOOKMARK_CALLS = [
  ['setCardBookmark', setBookmark],
  ['removeCardBookmark', removeBookmark],
] as const;

/** A method the buyer cannot name: someone else's, one on another network, an unknown id, a removed one. */
async function methodsNotTheirs(buyer: Buyer) {
  const someoneElse = await signIn();
  return {
    'another customer’s': await save(someoneElse, { bookmarked: true }),
    'another network’s': await save(buyer, { networkId: WAHAT_ID, bookmarked: true }),
    unknown: { id: 2_000_000_000 },
    'an already removed': await save(buyer, { removedAt: testApp.current.clock.now() }),
  };
}

async function storedUnlessUnknown(method: Method) {
  return method.id === 2_000_000_000 ? null : stored(method);
}

describe('Account/unregisterCard.json', () => {
  it('PM-03 removes the caller’s method and answers the methods left, every kind, as getCards lists them', async () => {
    const buyer = await signIn();
    const card = await save(buyer, { last4: '1111' });
    testApp.current.clock.advanceMinutes(1);
    const account = await save(buyer, bankAccount);
    testApp.current.clock.advanceMinutes(1);
    const bookmarked = await save(buyer, { last4: '5555', bookmarked: true });
    testApp.current.clock.advanceMinutes(5);

    const answer = await okOf<CardsAnswer>(await unregister(buyer, bookmarked));
    expect(answer.cards.map((saved) => saved.id)).toEqual([account.id, card.id]);
    expect(answer.cards).toEqual(await cardsOf(buyer));
    expect(answer.cards[0]).toMatchObject({ kind: 'TRANSFER', label: 'IBAN •••• 0189', locked: false });
    const now = testApp.current.clock.now();
    // Its bookmark goes with it, and no other method takes it.
    expect(await stored(bookmarked)).toMatchObject({ removedAt: now, updatedAt: now, bookmarked: false });
    expect(await bookmarkedOf(buyer)).toEqual([]);
    expect((await stored(card)).removedAt).toBeNull();

    const last = await okOf<CardsAnswer>(await unregister(buyer, card));
    expect(last.cards.map((saved) => saved.id)).toEqual([account.id]);
    expect((await okOf<CardsAnswer>(await unregister(buyer, account))).cards).toEqual([]);
  });

  it('PM-03 two removals of one method racing each other: one removes it, the other finds nothing', async () => {
    const buyer = await signIn();
    const card = await save(buyer);
    const answers = await Promise.all([unregister(buyer, card), unregister(buyer, card)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect((await stored(card)).removedAt).toEqual(testApp.current.clock.now());
  });

  it('PM-03 another customer’s, another network’s, an unknown or an already removed method is not found, and stays as it was', async () => {
    const buyer = await signIn();
    const own = await save(buyer, { last4: '7070' });
    for (const [which, method] of Object.entries(await methodsNotTheirs(buyer))) {
      const before = await storedUnlessUnknown(method);
      const refused = await koOf(await unregister(buyer, method));
      expect([which, refused.status, refused.code]).toEqual([which, 404, 'SAVED_METHOD_NOT_FOUND']);
      expect(await storedUnlessUnknown(method)).toEqual(before);
    }
    expect((await cardsOf(buyer)).map((saved) => saved.id)).toEqual([own.id]);
  });

  it('PM-03 the network is the call’s: a session on Wahat removes its Wahat method, not its Lumière one', async () => {
    const buyer = await signIn(WAHAT_ID);
    const onWahat = await save(buyer, { networkId: WAHAT_ID, last4: '6060' });
    const onLumiere = await save(buyer, { last4: '1010' });
    const refused = await koOf(await unregister(buyer, onLumiere, WAHAT_ID));
    expect(refused.code).toBe('SAVED_METHOD_NOT_FOUND');
    expect((await stored(onLumiere)).removedAt).toBeNull();
    expect((await okOf<CardsAnswer>(await unregister(buyer, onWahat, WAHAT_ID))).cards).toEqual([]);
    expect((await stored(onWahat)).removedAt).toEqual(testApp.current.clock.now());
  });

  it('PM-01 a method with an instalment scheduled or being charged is locked: SAVED_METHOD_LOCKED, kept; once paid it is removed', async () => {
    const buyer = await signIn();
    const card = await save(buyer, { bookmarked: true });
    const instalment = await instalmentOn(buyer, card, 'SCHEDULED');
    const before = await stored(card);
    expect((await cardsOf(buyer)).map((saved) => [saved.id, saved.locked])).toEqual([[card.id, true]]);

    const setStatus = (status: InstalmentRow['status']) =>
      testApp.current.deps.db.update(instalments).set({ status }).where(eq(instalments.id, instalment.id));
    for (const status of ['SCHEDULED', 'PENDING'] as const) {
      await setStatus(status);
      const refused = await koOf(await unregister(buyer, card));
      expect([status, refused.status, refused.code]).toEqual([status, 409, 'SAVED_METHOD_LOCKED']);
      expect(await stored(card)).toEqual(before);
    }
    // A failed instalment is a debt the customer settles by other means: it charges the method no more.
    await setStatus('FAILED');
    expect((await cardsOf(buyer))[0]?.locked).toBe(false);
    expect((await okOf<CardsAnswer>(await unregister(buyer, card))).cards).toEqual([]);
    expect((await stored(card)).removedAt).toEqual(testApp.current.clock.now());
  });

  it('a locked method of another customer is not found, not locked: nothing about it is told', async () => {
    const buyer = await signIn();
    const theirs = await save(await signIn());
    await instalmentOn(buyer, theirs, 'SCHEDULED');
    const refused = await koOf(await unregister(buyer, theirs));
    expect(refused.code).toBe('SAVED_METHOD_NOT_FOUND');
  });

  it('AUTH-04 a guest session has no saved method: SAVED_METHOD_NOT_FOUND, nothing removed', async () => {
    const guest = await signIn(LUMIERE_ID, { status: 'GUEST', email: null });
    const method = await save(guest);
    const refused = await koOf(await unregister(guest, method));
    expect([refused.status, refused.code]).toEqual([404, 'SAVED_METHOD_NOT_FOUND']);
    expect((await stored(method)).removedAt).toBeNull();
  });

  it('PM-03 a removed method can no longer be charged: placeOrder refuses it', async () => {
    const buyer = await signIn();
    const card = await save(buyer);
    await okOf(await unregister(buyer, card));
    const refused = await koOf(
      await testApp.current.call(CHECKOUT_CALLS.placeOrder, {
        userToken: buyer.token,
        userId: buyer.user.id,
        networkId: LUMIERE_ID,
        articles: [{ shopItemId: 1101, quantity: 1, support: 'DEMATERIALIZED' }],
        paymentMethod: 'CARD',
        savedPaymentMethodId: card.id,
        orderKey: randomUUID(),
        returnUrl: '/cart/checkout',
      }),
    );
    expect([refused.status, refused.code]).toEqual([404, 'SAVED_METHOD_NOT_FOUND']);
    expect(testApp.current.payments.charges.size).toBe(0);
  });
});

describe('account/setCardBookmark', () => {
  it('PM-03 bookmarks the method: the only one bookmarked on this network, listed first in the answer', async () => {
    const buyer = await signIn();
    const first = await save(buyer, { last4: '1111', bookmarked: true });
    testApp.current.clock.advanceMinutes(1);
    const account = await save(buyer, bankAccount);
    testApp.current.clock.advanceMinutes(1);
    const card = await save(buyer, { last4: '3333' });
    // A bookmark is per network: Wahat's stays.
    const onWahat = await save(buyer, { networkId: WAHAT_ID, bookmarked: true });

    const answer = await okOf<CardsAnswer>(await setBookmark(buyer, account));
    expect(answer.cards.map((saved) => [saved.id, saved.isBookmarked])).toEqual([
      [account.id, true],
      [card.id, false],
      [first.id, false],
    ]);
    expect(answer.cards).toEqual(await cardsOf(buyer));
    expect(await bookmarkedOf(buyer)).toEqual([account.id]);
    expect(await bookmarkedOf(buyer, WAHAT_ID)).toEqual([onWahat.id]);

    const moved = await okOf<CardsAnswer>(await setBookmark(buyer, card));
    expect(moved.cards.map((saved) => [saved.id, saved.isBookmarked])).toEqual([
      [card.id, true],
      [account.id, false],
      [first.id, false],
    ]);
    expect(await bookmarkedOf(buyer)).toEqual([card.id]);
  });

  it('PM-03 bookmarking the bookmarked method again succeeds and changes nothing', async () => {
    const buyer = await signIn();
    const bookmarked = await save(buyer, { bookmarked: true });
    const other = await save(buyer, { last4: '3333' });
    const before = [await stored(bookmarked), await stored(other)];
    const listed = await cardsOf(buyer);
    testApp.current.clock.advanceMinutes(5);
    expect((await okOf<CardsAnswer>(await setBookmark(buyer, bookmarked))).cards).toEqual(listed);
    expect([await stored(bookmarked), await stored(other)]).toEqual(before);
  });

  it('PM-03 bookmarks racing each other leave exactly one bookmarked method', async () => {
    const buyer = await signIn();
    const methods = [];
    for (let index = 0; index < 6; index += 1)
      methods.push(await save(buyer, { last4: `${index}`.repeat(4) }));
    const answers = await Promise.all(methods.map((method) => setBookmark(buyer, method)));
    expect(answers.map((answer) => answer.status)).toEqual(methods.map(() => 200));
    expect(await bookmarkedOf(buyer)).toHaveLength(1);
  });

  it('PM-03 a locked method can be bookmarked: only its removal waits for its instalments', async () => {
    const buyer = await signIn();
    const card = await save(buyer);
    await instalmentOn(buyer, card, 'SCHEDULED');
    const answer = await okOf<CardsAnswer>(await setBookmark(buyer, card));
    expect(answer.cards.map((saved) => [saved.isBookmarked, saved.locked])).toEqual([[true, true]]);
  });
});

describe('account/removeCardBookmark', () => {
  it('PM-03 unbookmarks the method: none is bookmarked, the newest listed first', async () => {
    const buyer = await signIn();
    const bookmarked = await save(buyer, { last4: '1111', bookmarked: true });
    testApp.current.clock.advanceMinutes(1);
    const newer = await save(buyer, bankAccount);
    testApp.current.clock.advanceMinutes(1);

    const answer = await okOf<CardsAnswer>(await removeBookmark(buyer, bookmarked));
    expect(answer.cards.map((saved) => [saved.id, saved.isBookmarked])).toEqual([
      [newer.id, false],
      [bookmarked.id, false],
    ]);
    expect(answer.cards).toEqual(await cardsOf(buyer));
    expect(await stored(bookmarked)).toMatchObject({
      bookmarked: false,
      updatedAt: testApp.current.clock.now(),
    });
  });

  it('PM-03 unbookmarking a method that is not bookmarked succeeds and changes nothing', async () => {
    const buyer = await signIn();
    const bookmarked = await save(buyer, { bookmarked: true });
    const other = await save(buyer, { last4: '3333' });
    const before = [await stored(bookmarked), await stored(other)];
    const listed = await cardsOf(buyer);
    testApp.current.clock.advanceMinutes(5);
    expect((await okOf<CardsAnswer>(await removeBookmark(buyer, other))).cards).toEqual(listed);
    expect([await stored(bookmarked), await stored(other)]).toEqual(before);
  });
});

describe.each(BOOKMARK_CALLS)('account/%s refusals', (_name, send) => {
  it('PM-03 another customer’s, another network’s, an unknown or a removed method is not found, and stays as it was', async () => {
    const buyer = await signIn();
    const own = await save(buyer, { bookmarked: true });
    for (const [which, method] of Object.entries(await methodsNotTheirs(buyer))) {
      const before = await storedUnlessUnknown(method);
      const refused = await koOf(await send(buyer, method));
      expect([which, refused.status, refused.code]).toEqual([which, 404, 'SAVED_METHOD_NOT_FOUND']);
      expect(await storedUnlessUnknown(method)).toEqual(before);
    }
    expect(await bookmarkedOf(buyer)).toEqual([own.id]);
  });

  it('API-02 a user id other than the session’s answers 403 FORBIDDEN and changes nothing', async () => {
    const buyer = await signIn();
    const bookmarked = await save(buyer, { bookmarked: true });
    const other = await save(buyer, { last4: '3333' });
    const someoneElse = await signIn();
    for (const method of [bookmarked, other]) {
      const refused = await koOf(await send(buyer, method, { userId: someoneElse.user.id }));
      expect([refused.status, refused.code]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await bookmarkedOf(buyer)).toEqual([bookmarked.id]);
  });

  it('AUTH-04 a guest session has no saved method: SAVED_METHOD_NOT_FOUND, nothing changed', async () => {
    const guest = await signIn(LUMIERE_ID, { status: 'GUEST', email: null });
    const bookmarked = await save(guest, { bookmarked: true });
    const other = await save(guest, { last4: '3333' });
    for (const method of [bookmarked, other]) {
      const refused = await koOf(await send(guest, method));
      expect([refused.status, refused.code]).toEqual([404, 'SAVED_METHOD_NOT_FOUND']);
    }
    expect(await bookmarkedOf(guest)).toEqual([bookmarked.id]);
  });
});

describe('API-03 the saved method changes refuse a bad payload with 400 INVALID_REQUEST naming each field', () => {
  const issuesOf = async (response: Response) => {
    const refused = await koOf(response);
    expect([refused.status, refused.code]).toEqual([400, 'INVALID_REQUEST']);
    return ((refused.details as { issues: { path: string }[] }).issues ?? []).map((issue) => issue.path);
  };

  it('API-03 Account/unregisterCard.json', async () => {
    const buyer = await signIn();
    const card = await save(buyer);
    const send = (payload: Record<string, unknown>) =>
      testApp.current.call(PAYMENT_METHOD_CALLS.unregisterCard, payload);
    expect(await issuesOf(await send({ userToken: buyer.token }))).toEqual(['cardId']);
    expect(await issuesOf(await send({ userToken: buyer.token, cardId: String(card.id) }))).toEqual([
      'cardId',
    ]);
    expect(await issuesOf(await send({ userToken: buyer.token, cardId: 0 }))).toEqual(['cardId']);
    expect(await issuesOf(await send({ userToken: buyer.token, cardId: 1.5 }))).toEqual(['cardId']);
    expect(await issuesOf(await send({ userToken: buyer.token, cardId: 2 ** 31 }))).toEqual(['cardId']);
    expect(
      await issuesOf(await send({ userToken: buyer.token, cardId: card.id, userId: buyer.user.id })),
    ).toEqual(['userId']);
    expect(await issuesOf(await send({ cardId: card.id }))).toEqual(['userToken']);
    expect((await stored(card)).removedAt).toBeNull();
  });

  it.each(BOOKMARK_CALLS)('API-03 account/%s', async (_name, send) => {
    const buyer = await signIn();
    const card = await save(buyer);
    expect(await issuesOf(await send(buyer, card, { cardId: undefined }))).toEqual(['cardId']);
    expect(await issuesOf(await send(buyer, card, { cardId: `${card.id}` }))).toEqual(['cardId']);
    expect(await issuesOf(await send(buyer, card, { cardId: -1 }))).toEqual(['cardId']);
    expect(await issuesOf(await send(buyer, card, { userId: undefined }))).toEqual(['userId']);
    expect(await issuesOf(await send(buyer, card, { userId: 'me' }))).toEqual(['userId']);
    expect(await issuesOf(await send(buyer, card, { networkId: LUMIERE_ID }))).toEqual(['networkId']);
    expect(await bookmarkedOf(buyer)).toEqual([]);
  });
});
