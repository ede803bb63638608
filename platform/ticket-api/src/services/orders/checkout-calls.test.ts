import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OrderDetail, OrderSummary, PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import { CHECKOUT_CALLS } from '@transit-shop/sdk/contract/checkout';
import { MEDIA_CALLS } from '@transit-shop/sdk/contract/media';
import { ORDER_CALLS } from '@transit-shop/sdk/contract/order';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collectSlotReservations } from '../../db/schema/collect-slots.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { orderEvents, orderLines, orders } from '../../db/schema/orders.ts';
import { instalments, paymentEvents, payments, savedPaymentMethods } from '../../db/schema/payments.ts';
import type { NewUserRow } from '../../db/schema/users.ts';
import { vouchers } from '../../db/schema/vouchers.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { insertTestUser, signedInUser } from '../../test-support/accounts.ts';
import { TEST_WEBHOOK_SECRET, VISA_SAVED } from '../../test-support/fake-payment-provider.ts';
import { extractedTexts } from '../../test-support/pdf-text.ts';
import { storeSavedMethod } from '../../test-support/saved-methods.ts';
import { LUMIERE_ID, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';
import { invoiceDocumentSchema } from '../invoices/invoice-document.ts';
import { deliverOrderConfirmation } from './confirmation/send-order-confirmation.ts';
import { orderRowOf, paymentOfOrder } from './order-test-kit.ts';
import { localInstant, runAfterCommit } from './payment-outcome/after-commit.ts';
import { chargeDueInstalments, chargeInstalment } from './payment-outcome/charge-instalment.ts';
import { CHARGE_READ_AFTER_MS } from './payment-outcome/charge-reads.ts';
import { checkDueCheckouts } from './payment-outcome/check-due-checkouts.ts';
import { scopedOrderKey } from './pricing/order-vouchers.ts';

const testApp = useTestApp();

const issuesOf = (error: { details?: unknown }) =>
  (error.details as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];

type Article = Record<string, unknown>;
type Buyer = Awaited<ReturnType<typeof signIn>>;

// The test clock starts on Monday 2026-11-23 at 09:00 UTC (10:00 in Lumière's Europe/Paris).
const singles = (quantity = 2): Article => ({ shopItemId: 1101, quantity, support: 'DEMATERIALIZED' });
const postedSingles = (quantity = 2): Article => ({ shopItemId: 1101, quantity, support: 'PHYSICAL' });
const collected = (): Article => ({ shopItemId: 1106, quantity: 1, support: 'PHYSICAL' });
/** Lumière's new-card product (NET-09). */
const NEW_CARD = 9101;
const monthly = (): Article => ({
  shopItemId: 2101,
  quantity: 1,
  support: 'DEMATERIALIZED',
  startMonth: '2026-12',
});
const annual = (): Article => ({
  shopItemId: 2103,
  quantity: 1,
  support: 'DEMATERIALIZED',
  startMonth: '2027-01',
});
const ADDRESS = {
  fullname: 'Ada Lovelace',
  addressRoute: '1 rue de la Gare',
  addressPostalCode: '69001',
  addressCity: 'Lyon',
  addressState: 'Rhône',
};

const signIn = (networkId = LUMIERE_ID, user: Partial<NewUserRow> = {}) =>
  signedInUser({
    db: testApp.current.deps.db,
    clock: testApp.current.clock,
    policy: testApp.current.deps.sessionPolicy,
    networkId,
    user,
  });

const signInGuest = (networkId = LUMIERE_ID) => signIn(networkId, { status: 'GUEST', email: null });

function placing(buyer: Buyer, extra: Record<string, unknown> = {}, networkId = LUMIERE_ID) {
  return {
    userToken: buyer.token,
    userId: buyer.user.id,
    networkId,
    articles: [singles()],
    orderKey: randomUUID(),
    returnUrl: '/cart/checkout',
    ...extra,
  };
}

const place = (payload: Record<string, unknown>) => testApp.current.call(CHECKOUT_CALLS.placeOrder, payload);
const placed = async (payload: Record<string, unknown>) => okOf<PlaceOrderAnswer>(await place(payload));

const paymentOf = (orderId: number) => paymentOfOrder(testApp.current.deps.db, orderId);

const orderRow = (orderId: number) => orderRowOf(testApp.current.deps.db, orderId);

function notify(notification: { body: string; headers: Record<string, string> }, provider = 'sandbox') {
  return testApp.current.app.request(`/payments/notifications/${provider}`, {
    method: 'POST',
    headers: notification.headers,
    body: notification.body,
  });
}

async function notifyPayment(
  orderId: number,
  type: Parameters<typeof testApp.current.payments.notification>[1],
  options: Parameters<typeof testApp.current.payments.notification>[2] = {},
) {
  const payment = await paymentOf(orderId);
  return notify(testApp.current.payments.notification(payment.id, type, options));
}

/** A voucher of Lumière with a code of its own, for one test. */
async function storeVoucher(
  prefix: string,
  voucher: Pick<typeof vouchers.$inferInsert, 'label' | 'type' | 'value' | 'maxUses'>,
): Promise<string> {
  const now = testApp.current.clock.now();
  const code = `${prefix}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  await testApp.current.deps.db
    .insert(vouchers)
    .values({ networkId: LUMIERE_ID, code, ...voucher, createdAt: now, updatedAt: now });
  return code;
}

const history = async (buyer: Buyer, orderId: number, networkId = LUMIERE_ID) =>
  (
    await okOf<{ order: OrderDetail }>(
      await testApp.current.call(CHECKOUT_CALLS.history, {
        userToken: buyer.token,
        userId: buyer.user.id,
        networkId,
        orderId,
      }),
    )
  ).order;

describe('Order/placeOrder.json', () => {
  it('ORD-03 answers the user, the order id and network id, PENDING, and the provider page to go to', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer, { articles: [singles(3)] }));
    expect(answer.user).toMatchObject({ userId: buyer.user.id, userToken: buyer.token, authAsGuest: false });
    expect(answer).toMatchObject({
      networkId: LUMIERE_ID,
      status: 'PENDING',
      totalAmount: 570,
      currency: 'EUR',
    });
    const payment = await paymentOf(answer.orderId);
    const checkout = testApp.current.payments.checkoutOf(payment.id);
    expect(answer.redirectUrl).toBe(`https://sandbox.test/pay/${checkout?.id}`);
    expect(checkout).toMatchObject({
      amount: 570,
      currency: 'EUR',
      method: 'CARD',
      saveMethod: false,
      locale: 'fr',
      returnUrl: `http://lumiere.localhost/cart/checkout?order=${answer.orderReference}`,
      notifyUrl: 'http://ticket-api.test/payments/notifications/sandbox',
    });
  });

  it('ORD-02 stores an ESHOP order still to process, its lines as sold and its buyer', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer, { articles: [singles(3)], lang: 'en' }));
    const order = await orderRow(answer.orderId);
    expect(order).toMatchObject({
      status: 'PENDING',
      processStatus: 'PROCESSING',
      originType: 'ESHOP',
      totalAmount: 570,
      paymentMethod: 'CARD',
      installments: 1,
      lang: 'en',
      buyer: { guest: false, customerNumber: buyer.user.customerNumber, invoiceEmail: buyer.user.email },
    });
    const lines = await testApp.current.deps.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    expect(
      lines.map((line) => [
        line.shopItemId,
        line.quantity,
        line.unitPrice,
        line.amount,
        line.vatRateBasisPoints,
      ]),
    ).toEqual([[1101, 3, 190, 570, 1000]]);
    expect(lines[0]?.label).toBeTruthy();
  });

  it('ORD the same order key answers the same order; the key with another cart is refused', async () => {
    const buyer = await signIn();
    const payload = placing(buyer);
    const first = await placed(payload);
    const again = await placed(payload);
    expect(again.orderId).toBe(first.orderId);
    expect(again.redirectUrl).toBe(first.redirectUrl);
    // The page's language or return path is no other order.
    expect((await placed({ ...payload, lang: 'ar', returnUrl: '/ar/cart/checkout' })).orderId).toBe(
      first.orderId,
    );
    const other = await koOf(await place({ ...payload, articles: [singles(4)] }));
    expect([other.status, other.code]).toEqual([409, 'ORDER_KEY_REUSED']);
    // Another customer's same key is their own order.
    const someoneElse = await signIn();
    const theirs = await placed({ ...placing(someoneElse), orderKey: payload.orderKey });
    expect(theirs.orderId).not.toBe(first.orderId);
  });

  it('ORD a key placed before answers its order even when its cart would now be refused (its voucher used up by it)', async () => {
    const code = await storeVoucher('ONCE', {
      label: { fr: 'Une fois' },
      type: 'AMOUNT',
      value: 100,
      maxUses: 1,
    });
    const buyer = await signIn();
    const payload = placing(buyer, { articles: [singles(3)], vouchers: [code] });
    const first = await placed(payload);
    const someoneElse = await signIn();
    const refused = await koOf(
      await place(placing(someoneElse, { articles: [singles(3)], vouchers: [code] })),
    );
    expect(refused.code).toBe('VOUCHER_LIMIT_REACHED');
    const again = await placed(payload);
    expect([again.orderId, again.totalAmount, again.redirectUrl]).toEqual([
      first.orderId,
      first.totalAmount,
      first.redirectUrl,
    ]);
    const other = await koOf(await place({ ...payload, articles: [singles(4)] }));
    expect(other.code).toBe('ORDER_KEY_REUSED');
  });

  it('ORD the same key sent 100 times at once makes one order, one payment and one provider checkout', async () => {
    const buyer = await signIn();
    const payload = placing(buyer);
    const answers = await Promise.all(Array.from({ length: 100 }, () => place(payload)));
    const bodies = await Promise.all(answers.map((answer) => okOf<PlaceOrderAnswer>(answer)));
    expect(new Set(bodies.map((body) => body.orderId)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.redirectUrl)).size).toBe(1);
    const { db } = testApp.current.deps;
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, buyer.user.id), eq(orders.orderKey, payload.orderKey)));
    expect(rows).toHaveLength(1);
    const paid = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, rows[0]?.id ?? 0));
    expect(paid).toHaveLength(1);
    const checkouts = [...testApp.current.payments.checkouts.values()].filter(
      (checkout) => checkout.merchantReference === paid[0]?.id,
    );
    expect(checkouts).toHaveLength(1);
  });

  it('PAY-04 refuses instalments or a method the articles do not share, and a voucher that does not apply', async () => {
    const buyer = await signIn();
    const instalments = await koOf(await place(placing(buyer, { installments: 3 })));
    expect([instalments.code, issuesOf(instalments)[0]?.path]).toEqual([
      'INCOMPATIBLE_INSTALLMENTS',
      'installments',
    ]);
    const method = await koOf(await place(placing(buyer, { paymentMethod: 'TRANSFER' })));
    expect([method.code, issuesOf(method)[0]?.path]).toEqual([
      'INCOMPATIBLE_PAYMENT_METHODS',
      'paymentMethod',
    ]);
    const voucher = await koOf(await place(placing(buyer, { vouchers: ['NOSUCHCODE'] })));
    expect(voucher.code).toBe('VOUCHER_NOT_FOUND');
    expect(
      await testApp.current.deps.db.select().from(orders).where(eq(orders.userId, buyer.user.id)),
    ).toEqual([]);
  });

  it('PAY-04 CART-04 CART-07 CART-08 placeOrder refuses a cart exactly as computeAmount does, with the same code', async () => {
    const buyer = await signIn();
    const subscription = { shopItemId: 2102, quantity: 1, support: 'DEMATERIALIZED', startMonth: '2026-12' };
    const carts: [string, Record<string, unknown>][] = [
      ['WRONG_QUANTITY', { articles: [singles(11)] }],
      ['PRODUCT_ALREADY_IN_CART', { articles: [subscription, subscription] }],
      ['SUBSCRIPTION_CART_NOT_ALONE', { articles: [{ ...subscription, isSubscription: true }, singles()] }],
      ['SHOP_ITEM_NOT_FOUND', { articles: [{ shopItemId: 999_999, quantity: 1, support: 'PHYSICAL' }] }],
      ['SHOP_ITEM_NOT_OFFERED', { articles: [{ shopItemId: 9103, quantity: 1, support: 'PHYSICAL' }] }],
      ['ARTICLE_START_DATE', { articles: [{ ...monthly(), startMonth: '2030-01' }] }],
      ['INCOMPATIBLE_INSTALLMENTS', { articles: [annual(), singles()], installments: 3 }],
      ['INCOMPATIBLE_PAYMENT_METHODS', { articles: [monthly(), singles()], paymentMethod: 'TRANSFER' }],
      ['VOUCHER_NOT_FOUND', { vouchers: ['NOSUCHCODE'] }],
      ['PROFILE_NOT_FOUND', { articles: [{ ...singles(), customerId: 999_999 }] }],
    ];
    for (const [code, cart] of carts) {
      const payload = placing(buyer, cart);
      const {
        orderKey: _key,
        returnUrl: _return,
        savedPaymentMethodId: _saved,
        ...computed
      } = payload as Record<string, unknown>;
      const asComputed = await koOf(await testApp.current.call(ORDER_CALLS.computeAmount, computed));
      const asPlaced = await koOf(await place(payload));
      expect([asPlaced.code, asPlaced.status], code).toEqual([code, asComputed.status]);
      expect(asComputed.code, code).toBe(code);
      expect(issuesOf(asPlaced), code).toEqual(issuesOf(asComputed));
    }
    expect(
      await testApp.current.deps.db.select().from(orders).where(eq(orders.userId, buyer.user.id)),
    ).toEqual([]);
  });

  it('CHK-04 an unverified account cannot purchase where the network verifies emails', async () => {
    const unverified = await signIn(WAHAT_ID);
    const wahatCart = { articles: [{ shopItemId: 0, quantity: 1, support: 'DEMATERIALIZED' }] };
    const wahatItem = testApp.current.deps.networks
      .byId(WAHAT_ID)
      ?.catalogue.shopItems.find(
        (item) =>
          item.supports.includes('DEMATERIALIZED') && item.pivotType === null && !item.tags.includes('eshop'),
      );
    if (!wahatItem) throw new Error('Wahat sells no plain dematerialised item');
    wahatCart.articles[0] = { shopItemId: wahatItem.shopItemId, quantity: 1, support: 'DEMATERIALIZED' };
    const refused = await koOf(await place(placing(unverified, wahatCart, WAHAT_ID)));
    expect([refused.status, refused.code]).toEqual([403, 'ACCOUNT_NOT_VERIFIED']);
    const verified = await signIn(WAHAT_ID, { verifiedAt: testApp.current.clock.now() });
    expect((await placed(placing(verified, wahatCart, WAHAT_ID))).status).toBe('PENDING');
    // AUTH-12: Lumière signs in through a default provider, which verifies on its own.
    expect((await placed(placing(await signIn()))).status).toBe('PENDING');
  });

  it('CHK-05 an item collected at an agency needs a collect at one of the network sites', async () => {
    const buyer = await signIn();
    const none = await koOf(await place(placing(buyer, { articles: [collected()] })));
    expect([none.status, none.code]).toEqual([400, 'COLLECT_AGENCY_MISSING']);
    const posted = await koOf(
      await place(
        placing(buyer, { articles: [collected()], delivery: { mode: 'SHIPPING', address: ADDRESS } }),
      ),
    );
    expect(posted.code).toBe('COLLECT_AGENCY_MISSING');
    const otherSite = await koOf(
      await place(
        placing(buyer, {
          articles: [collected()],
          delivery: { mode: 'COLLECT', siteId: 21, slotStart: '2026-11-26T09:00:00Z' },
        }),
      ),
    );
    expect([otherSite.code, issuesOf(otherSite)[0]?.path]).toEqual([
      'COLLECT_AGENCY_MISSING',
      'delivery.siteId',
    ]);
    const answer = await placed(
      placing(buyer, {
        articles: [collected()],
        delivery: { mode: 'COLLECT', siteId: 11, slotStart: '2026-11-26T09:00:00Z' },
      }),
    );
    expect((await history(buyer, answer.orderId)).delivery).toEqual({
      mode: 'COLLECT',
      siteId: 11,
      slotStart: '2026-11-26T09:00:00Z',
    });
  });

  it('CHK-05 CHK-06 a collect slot holds as many orders as its capacity; a refused payment gives its place back', async () => {
    // Site 13 (Agence Campus): its capacity, in a slot of Thursday 26 November at 11:00, Paris time.
    const site = testApp.current.deps.networks
      .byId(LUMIERE_ID)
      ?.network.config.collectSites.find((c) => c.id === 13);
    const capacity = site?.pickUp.capacity ?? 0;
    expect(capacity).toBeGreaterThan(0);
    const slot = { mode: 'COLLECT', siteId: 13, slotStart: '2026-11-26T10:00:00Z' };
    const placedIds: number[] = [];
    for (let index = 0; index < capacity; index += 1) {
      const buyer = await signIn();
      placedIds.push((await placed(placing(buyer, { articles: [collected()], delivery: slot }))).orderId);
    }
    const late = await signIn();
    const full = await koOf(await place(placing(late, { articles: [collected()], delivery: slot })));
    expect([full.status, full.code]).toEqual([409, 'COLLECT_SLOT_FULL']);
    await notifyPayment(placedIds[0] ?? 0, 'payment.refused');
    expect((await placed(placing(late, { articles: [collected()], delivery: slot }))).status).toBe('PENDING');
    // Sooner than 72 hours after the order, or not a slot of the site: an invalid slot.
    for (const slotStart of ['2026-11-24T10:00:00Z', '2026-11-26T10:07:00Z']) {
      const invalid = await koOf(
        await place(placing(late, { articles: [collected()], delivery: { ...slot, slotStart } })),
      );
      expect([invalid.code, issuesOf(invalid)[0]?.path]).toEqual(['INVALID_REQUEST', 'delivery.slotStart']);
    }
  });

  it('ACC-02 a posted PHYSICAL article needs a complete shipping address, each missing part named', async () => {
    const buyer = await signIn(LUMIERE_ID, { birthday: '1967-02-04' });
    // Posted on the new card the order buys with them (decision 0037).
    const onNewCard = (): Article => ({ ...postedSingles(), optionShopItemId: NEW_CARD });
    const none = await koOf(await place(placing(buyer, { articles: [onNewCard()] })));
    expect([none.status, none.code, issuesOf(none).length]).toEqual([400, 'SHIPPING_ADDRESS_INCOMPLETE', 5]);
    const partial = await koOf(
      await place(
        placing(buyer, {
          articles: [onNewCard()],
          delivery: { mode: 'SHIPPING', address: { ...ADDRESS, addressPostalCode: ' ', addressState: '' } },
        }),
      ),
    );
    expect(issuesOf(partial)).toEqual([
      { path: 'delivery.address.addressPostalCode', message: VALIDATION_MESSAGES.required },
      { path: 'delivery.address.addressState', message: VALIDATION_MESSAGES.required },
    ]);
    // Loaded on a card the buyer holds: nothing to post.
    const { media } = await okOf<{ media: { id: number } }>(
      await testApp.current.call(MEDIA_CALLS.registerMedia, {
        userToken: buyer.token,
        userId: buyer.user.id,
        networkId: LUMIERE_ID,
        mediaNumber: '2501000000000001',
        mediaCustomerBirthDate: '1967-02-04',
      }),
    );
    expect(
      (await placed(placing(buyer, { articles: [{ ...postedSingles(), mediaId: media.id }] }))).status,
    ).toBe('PENDING');
    expect(
      (
        await placed(
          placing(buyer, { articles: [onNewCard()], delivery: { mode: 'SHIPPING', address: ADDRESS } }),
        )
      ).status,
    ).toBe('PENDING');
  });

  it('a saved method of another customer, kind or network is not found; a customer saved method is charged without a page', async () => {
    const buyer = await signIn();
    const card = await storeSavedMethod(testApp.current.deps.db, {
      userId: buyer.user.id,
      networkId: LUMIERE_ID,
      now: testApp.current.clock.now(),
    });
    const unknown = await koOf(await place(placing(buyer, { savedPaymentMethodId: 999_999 })));
    expect([unknown.status, unknown.code]).toEqual([404, 'SAVED_METHOD_NOT_FOUND']);
    const someoneElse = await signIn();
    const notTheirs = await koOf(await place(placing(someoneElse, { savedPaymentMethodId: card?.id })));
    expect(notTheirs.code).toBe('SAVED_METHOD_NOT_FOUND');

    const answer = await placed(placing(buyer, { savedPaymentMethodId: card?.id }));
    expect([answer.status, answer.redirectUrl]).toEqual(['PENDING', null]);
    const payment = await paymentOf(answer.orderId);
    expect(payment.kind).toBe('CHARGE');
    expect(testApp.current.payments.charges.get(payment.id)).toMatchObject({
      amount: 380,
      methodToken: card?.providerToken,
    });
    await notifyPayment(answer.orderId, 'payment.succeeded');
    expect((await orderRow(answer.orderId)).status).toBe('COMPLETED');
  });

  it('an unexpected provider failure answers PAYMENT_UNEXPECTED_ERROR; the same key retried later pays', async () => {
    const buyer = await signIn();
    const payload = placing(buyer);
    testApp.current.payments.failing = true;
    try {
      const failed = await koOf(await place(payload));
      expect([failed.status, failed.code]).toEqual([502, 'PAYMENT_UNEXPECTED_ERROR']);
    } finally {
      testApp.current.payments.failing = false;
    }
    const retried = await placed(payload);
    expect(retried.redirectUrl).toMatch(/^https:\/\/sandbox\.test\/pay\/chk_/);
  });
});

describe('guests', () => {
  const guestCart = (extra: Record<string, unknown> = {}) => ({
    articles: [postedSingles()],
    delivery: { mode: 'SHIPPING', address: ADDRESS },
    invoiceEmail: 'guest@example.org',
    ...extra,
  });

  it('NET-03 a guest orders only where the network takes guest orders', async () => {
    const guest = await signInGuest(WAHAT_ID);
    const item = testApp.current.deps.networks
      .byId(WAHAT_ID)
      ?.catalogue.shopItems.find(
        (candidate) => candidate.supports.includes('PHYSICAL') && candidate.pivotType === null,
      );
    const answer = await koOf(
      await place(
        placing(
          guest,
          guestCart({ articles: [{ shopItemId: item?.shopItemId, quantity: 1, support: 'PHYSICAL' }] }),
          WAHAT_ID,
        ),
      ),
    );
    expect([answer.status, answer.code]).toEqual([403, 'GUEST_ORDER_NOT_ALLOWED']);
  });

  it('CHK-03 a guest gets the items tagged card-only for guests on a card; other items keep the app', async () => {
    const guest = await signInGuest();
    const carnetInApp = { shopItemId: 1102, quantity: 1, support: 'DEMATERIALIZED' };
    const refused = await koOf(
      await place(placing(guest, guestCart({ articles: [postedSingles(), carnetInApp] }))),
    );
    expect([refused.code, issuesOf(refused)[0]?.path]).toEqual(['SUPPORT_NOT_OFFERED', 'articles.1.support']);
    const inApp = await placed(placing(guest, guestCart({ articles: [singles()], delivery: null })));
    expect(inApp.status).toBe('PENDING');
  });

  it('AUTH-04 a guest has no saved method, saves none and pays in one go', async () => {
    const guest = await signInGuest();
    for (const [extra, path] of [
      [{ savedPaymentMethodId: 1 }, 'savedPaymentMethodId'],
      [{ saveMethod: true }, 'saveMethod'],
    ] as const) {
      const refused = await koOf(await place(placing(guest, guestCart(extra))));
      expect([refused.status, refused.code, issuesOf(refused)[0]?.path]).toEqual([
        403,
        'GUEST_PAYMENT_METHOD_NOT_ALLOWED',
        path,
      ]);
    }
  });

  it('CHK-07 a guest gives the email the invoice is sent to', async () => {
    const guest = await signInGuest();
    const refused = await koOf(await place(placing(guest, guestCart({ invoiceEmail: null }))));
    expect([refused.status, refused.code]).toEqual([400, 'INVOICE_EMAIL_MISSING']);
    const answer = await placed(placing(guest, guestCart()));
    expect(answer.user.authAsGuest).toBe(true);
    expect((await orderRow(answer.orderId)).buyer).toMatchObject({
      guest: true,
      invoiceEmail: 'guest@example.org',
    });
    expect(
      testApp.current.payments.checkoutOf((await paymentOf(answer.orderId)).id)?.customerReference,
    ).toBeNull();
  });

  it('CHK-02 a guest order stays within the network maximum, after vouchers', async () => {
    const guest = await signInGuest();
    // Five collected cards (87.50) and five carnets (82.50): 170.00, above Lumière's 150.00.
    const heavy = guestCart({
      articles: [
        { ...collected(), quantity: 5 },
        { shopItemId: 1102, quantity: 5, support: 'PHYSICAL' },
      ],
      delivery: { mode: 'COLLECT', siteId: 11, slotStart: '2026-11-26T09:00:00Z' },
    });
    const above = await koOf(await place(placing(guest, heavy)));
    expect([above.status, above.code]).toEqual([403, 'GUEST_AMOUNT_EXCEEDED']);
    expect((await placed(placing(guest, guestCart()))).status).toBe('PENDING');
  });
});

describe('payment notifications', () => {
  it('PAY-03 a succeeded payment completes the order once, however many times it is notified', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer));
    const payment = await paymentOf(answer.orderId);
    const notification = testApp.current.payments.notification(payment.id, 'payment.succeeded', {
      sequence: 2,
    });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await notify(notification);
      expect(response.status).toBe(200);
    }
    const order = await orderRow(answer.orderId);
    expect([order.status, order.processStatus]).toEqual(['COMPLETED', 'TO_PROCESS']);
    const events = await testApp.current.deps.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => event.type)).toEqual([
      'PLACED',
      'PAYMENT_STARTED',
      'PAYMENT_SUCCEEDED',
      'COMPLETED',
    ]);
    const stored = await testApp.current.deps.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, notification.eventId));
    expect(stored).toHaveLength(1);
    expect((await paymentOf(order.id)).status).toBe('SUCCEEDED');
  });

  it('a completed order has its invoice numbered in the network sequence, kept with its document', async () => {
    const buyer = await signIn();
    const first = await placed(placing(buyer, { articles: [singles(3)] }));
    const second = await placed(placing(buyer, { articles: [singles(1)] }));
    await notifyPayment(second.orderId, 'payment.succeeded');
    await notifyPayment(first.orderId, 'payment.succeeded');
    const numbers = [
      (await history(buyer, second.orderId)).invoiceNumber,
      (await history(buyer, first.orderId)).invoiceNumber,
    ];
    expect(numbers[0]).toMatch(/^LUM-\d{6}$/);
    const sequence = (number: string | null | undefined) => Number(number?.slice(4));
    expect(sequence(numbers[1])).toBe(sequence(numbers[0]) + 1);
    const [invoice] = await testApp.current.deps.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.networkId, LUMIERE_ID), eq(invoices.orderReference, String(first.orderId))));
    expect(invoice?.number).toBe(numbers[1]);
    expect(invoice?.document).toMatchObject({ paymentMethod: 'CARD', totals: { inclTax: 570 } });
    // A repeated notification numbers nothing twice.
    await notifyPayment(first.orderId, 'payment.succeeded', { sequence: 9 });
    expect((await history(buyer, first.orderId)).invoiceNumber).toBe(numbers[1]);
  });

  it('each invoice line says the period its product covers, in the network’s time zone, and its traveller', async () => {
    const buyer = await signIn(LUMIERE_ID, { firstName: 'Camille', lastName: 'Durand' });
    const { db, clock } = testApp.current.deps;
    const profile = await insertTestUser(db, clock, {
      email: null,
      firstName: 'Léo',
      lastName: 'Durand',
      parentUserId: buyer.user.id,
    });
    const dayPass = {
      shopItemId: 1103,
      quantity: 1,
      support: 'DEMATERIALIZED',
      startDate: '2026-11-23',
      startTime: '10:15',
    };
    const answer = await placed(
      placing(buyer, { articles: [{ ...monthly(), customerId: profile.id }, annual(), dayPass, singles(1)] }),
    );
    await notifyPayment(answer.orderId, 'payment.succeeded');
    const [invoice] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.networkId, LUMIERE_ID), eq(invoices.orderReference, String(answer.orderId))));
    const lines = invoiceDocumentSchema.parse(invoice?.document).lines;
    expect(lines.map((line) => [line.label, line.period, line.traveller])).toEqual([
      ['Abonnement mensuel', { kind: 'DAYS', from: '2026-12-01', to: '2026-12-31' }, 'Léo Durand'],
      ['Abonnement annuel', { kind: 'DAYS', from: '2027-01-01', to: '2027-12-31' }, 'Camille Durand'],
      // 10:15 in Paris, for 24 hours.
      [
        'Pass 24 heures',
        { kind: 'TIMES', from: '2026-11-23T09:15:00.000Z', to: '2026-11-24T09:15:00.000Z' },
        'Camille Durand',
      ],
      ['Ticket 1 voyage', null, 'Camille Durand'],
    ]);
    // The printed invoice reads so, as a text extractor reads it.
    const file = CHECKOUT_CALLS.printOrder.toResult(
      await okOf<{ fileName: string; contentType: 'application/pdf'; contentBase64: string }>(
        await testApp.current.call(CHECKOUT_CALLS.printOrder, {
          userToken: buyer.token,
          userId: buyer.user.id,
          networkId: LUMIERE_ID,
          orderId: answer.orderId,
        }),
      ),
    );
    const printed = (await extractedTexts(new Uint8Array(await file.blob.arrayBuffer()))).map((text) =>
      text.replace(/\s+/g, ' '),
    );
    expect(printed).toEqual(
      expect.arrayContaining([
        'Validité : 1–31 décembre 2026',
        'Voyageur : Léo Durand',
        'Validité : 1 janvier – 31 décembre 2027',
        'Voyageur : Camille Durand',
      ]),
    );
    // The day pass's period goes on to a second line of its column.
    expect(printed.join('\n')).toContain(
      'Validité : 23 nov. 2026, 10:15 – 24 nov. 2026,\n10:15\nVoyageur : Camille Durand',
    );
  });

  it('ORD-04 printOrder answers the invoice of a completed order as a PDF file, and nothing before', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer, { articles: [singles(3)] }));
    const print = (who: Buyer) =>
      testApp.current.call(CHECKOUT_CALLS.printOrder, {
        userToken: who.token,
        userId: who.user.id,
        networkId: LUMIERE_ID,
        orderId: answer.orderId,
      });
    const early = await koOf(await print(buyer));
    expect([early.status, early.code]).toEqual([409, 'INVOICE_NOT_AVAILABLE']);
    await notifyPayment(answer.orderId, 'payment.succeeded');
    const file = CHECKOUT_CALLS.printOrder.toResult(
      await okOf<{ fileName: string; contentType: 'application/pdf'; contentBase64: string }>(
        await print(buyer),
      ),
    );
    const number = (await history(buyer, answer.orderId)).invoiceNumber;
    expect(file.fileName).toBe(`${number}.pdf`);
    expect(file.blob.type).toBe('application/pdf');
    expect(new TextDecoder().decode((await file.blob.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((await koOf(await print(await signIn()))).code).toBe('ORDER_NOT_FOUND');
  });

  it('CHK-07 a completed guest order sends its confirmation with the invoice attached to the invoice email, once', async () => {
    const guest = await signInGuest();
    const address = `guest-${randomUUID()}@example.org`;
    const answer = await placed(
      placing(guest, {
        articles: [postedSingles()],
        delivery: { mode: 'SHIPPING', address: ADDRESS },
        invoiceEmail: address,
      }),
    );
    const mailsTo = async () => {
      const { outboxDir } = testApp.current;
      const files = await readdir(outboxDir).catch(() => [] as string[]);
      const texts = await Promise.all(files.map((file) => readFile(join(outboxDir, file), 'utf8')));
      return texts.filter((text) => text.includes(address));
    };
    await notifyPayment(answer.orderId, 'payment.succeeded');
    await notifyPayment(answer.orderId, 'payment.succeeded');
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/Content-Type: application\/pdf/i);
    expect(mails[0]).toContain((await history(guest, answer.orderId)).invoiceNumber ?? 'no invoice');
  });

  it('CHK-07 where jobs run, the notification only queues the confirmation; its job renders the invoice and sends it', async () => {
    const guest = await signInGuest();
    const address = `guest-${randomUUID()}@example.org`;
    const answer = await placed(
      placing(guest, {
        articles: [postedSingles()],
        delivery: { mode: 'SHIPPING', address: ADDRESS },
        invoiceEmail: address,
      }),
    );
    const mailsTo = async () => {
      const { outboxDir } = testApp.current;
      const files = await readdir(outboxDir).catch(() => [] as string[]);
      const texts = await Promise.all(files.map((file) => readFile(join(outboxDir, file), 'utf8')));
      return texts.filter((text) => text.includes(address));
    };
    const { deps } = testApp.current;
    const queued: { name: string; data: unknown; options: unknown }[] = [];
    deps.jobs = {
      send: async (name, data, options) => {
        queued.push({ name, data, options });
        return 'job';
      },
    };
    try {
      expect((await notifyPayment(answer.orderId, 'payment.succeeded')).status).toBe(200);
      await notifyPayment(answer.orderId, 'payment.succeeded');
    } finally {
      deps.jobs = undefined;
    }
    expect(queued).toEqual([
      {
        name: 'send-order-confirmation',
        data: { orderId: answer.orderId },
        options: { singletonKey: `order-confirmation:${answer.orderId}` },
      },
    ]);
    expect(await mailsTo()).toHaveLength(0);

    await deliverOrderConfirmation(deps, answer.orderId);
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/Content-Type: application\/pdf/i);
    expect(mails[0]).toContain((await history(guest, answer.orderId)).invoiceNumber ?? 'no invoice');
  });

  it('PAY-03 an event older than the last one applied changes nothing', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer));
    expect((await notifyPayment(answer.orderId, 'payment.succeeded', { sequence: 3 })).status).toBe(200);
    const late = await notifyPayment(answer.orderId, 'payment.pending', { sequence: 1 });
    expect(await late.json()).toEqual({ status: 'ok', response: { received: true, result: 'stale' } });
    const refusedLate = await notifyPayment(answer.orderId, 'payment.refused', { sequence: 2 });
    expect(refusedLate.status).toBe(200);
    expect((await orderRow(answer.orderId)).status).toBe('COMPLETED');
    expect((await paymentOf(answer.orderId)).lastEventSequence).toBe(3);
  });

  it('refuses a notification signed with another secret, without signature, or signed more than 300 s away', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer));
    const payment = await paymentOf(answer.orderId);
    const { payments: provider, clock } = testApp.current;
    const forged = provider.notification(payment.id, 'payment.succeeded', {
      secret: `${TEST_WEBHOOK_SECRET}!`,
    });
    const old = provider.notification(payment.id, 'payment.succeeded', {
      at: new Date(clock.now().getTime() - 301_000),
    });
    const ahead = provider.notification(payment.id, 'payment.succeeded', {
      at: new Date(clock.now().getTime() + 301_000),
    });
    const unsigned = provider.notification(payment.id, 'payment.succeeded');
    for (const notification of [
      forged,
      old,
      ahead,
      { ...unsigned, headers: { 'content-type': 'application/json' } },
    ]) {
      const response = await notify(notification);
      expect(response.status).toBe(401);
      expect((await koOf(response)).code).toBe('NOTIFICATION_REFUSED');
    }
    const tampered = await notify({ ...unsigned, body: unsigned.body.replace('"amount":380', '"amount":1') });
    expect(tampered.status).toBe(401);
    expect((await orderRow(answer.orderId)).status).toBe('PENDING');
    // Signed 299 s ago still counts.
    const recent = provider.notification(payment.id, 'payment.succeeded', {
      at: new Date(clock.now().getTime() - 299_000),
    });
    expect((await notify(recent)).status).toBe(200);
    expect((await orderRow(answer.orderId)).status).toBe('COMPLETED');
  });

  it('answers 400 to a signed body the protocol does not know, and 404 to another provider', async () => {
    const body = '{"id":"evt_1","type":"payment.exploded"}';
    const { sandboxSignatureHeader } = await import('../payments/sandbox-provider.ts');
    const seconds = Math.floor(testApp.current.clock.now().getTime() / 1000);
    const headers = { 'sandbox-signature': sandboxSignatureHeader(TEST_WEBHOOK_SECRET, seconds, body) };
    expect((await notify({ body, headers })).status).toBe(400);
    expect((await notify({ body, headers }, 'stripe')).status).toBe(404);
  });

  it('PAY-01 SEPA: a pending debit makes the order PROCESSING until it succeeds', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer, { articles: [monthly()], paymentMethod: 'TRANSFER' }));
    expect(testApp.current.payments.checkoutOf((await paymentOf(answer.orderId)).id)?.method).toBe(
      'TRANSFER',
    );
    await notifyPayment(answer.orderId, 'payment.pending');
    expect((await orderRow(answer.orderId)).status).toBe('PROCESSING');
    expect((await history(buyer, answer.orderId)).status).toBe('PROCESSING');
    await notifyPayment(answer.orderId, 'payment.succeeded');
    expect((await orderRow(answer.orderId)).status).toBe('COMPLETED');
  });

  it('PAY-03 a refused payment is ERROR and a cancelled one CANCELED; their voucher uses go back; the key answers the outcome', async () => {
    const { db } = testApp.current.deps;
    const code = await storeVoucher('OFF', { label: { fr: 'Trois euros' }, type: 'AMOUNT', value: 300 });
    const usesOf = async () =>
      (
        await db
          .select()
          .from(vouchers)
          .where(and(eq(vouchers.networkId, LUMIERE_ID), eq(vouchers.code, code)))
      )[0]?.uses ?? -1;
    const before = await usesOf();
    const buyer = await signIn();
    const refusedOrder = placing(buyer, { articles: [singles(3)], vouchers: [code] });
    const refused = await placed(refusedOrder);
    expect(refused.totalAmount).toBe(270);
    expect(await usesOf()).toBe(before + 1);
    await placed(refusedOrder);
    expect(await usesOf()).toBe(before + 1);
    await notifyPayment(refused.orderId, 'payment.pending');
    await notifyPayment(refused.orderId, 'payment.refused', { reason: 'insufficient_funds' });
    expect((await orderRow(refused.orderId)).status).toBe('ERROR');
    expect(await usesOf()).toBe(before);
    const replay = await koOf(await place(refusedOrder));
    expect([replay.status, replay.code]).toEqual([402, 'PAYMENT_REFUSED']);

    const cancelledOrder = placing(buyer, { vouchers: [code], articles: [singles(3)] });
    const cancelled = await placed(cancelledOrder);
    await notifyPayment(cancelled.orderId, 'payment.cancelled');
    expect((await orderRow(cancelled.orderId)).status).toBe('CANCELED');
    expect(await usesOf()).toBe(before);
    expect((await koOf(await place(cancelledOrder))).code).toBe('PAYMENT_CANCELLED');
    expect((await history(buyer, refused.orderId)).payments[0]).toMatchObject({
      status: 'REFUSED',
      reason: 'insufficient_funds',
    });
  });
});

describe('instalments', () => {
  it('PAY-02 the first instalment is paid on the order day, the later ones scheduled monthly with the saved method', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer, { articles: [annual()], installments: 3 }));
    const payment = await paymentOf(answer.orderId);
    expect(payment.amount).toBe(21668);
    expect(testApp.current.payments.checkoutOf(payment.id)?.saveMethod).toBe(true);
    await notifyPayment(answer.orderId, 'payment.succeeded', { savedMethod: VISA_SAVED });
    const detail = await history(buyer, answer.orderId);
    expect(detail.status).toBe('COMPLETED');
    expect(detail.instalments.map((row) => [row.number, row.dueDate, row.amount, row.status])).toEqual([
      [1, '2026-11-23', 21668, 'PAID'],
      [2, '2026-12-23', 21666, 'SCHEDULED'],
      [3, '2027-01-23', 21666, 'SCHEDULED'],
    ]);
    const { db } = testApp.current.deps;
    const [saved] = await db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, buyer.user.id));
    expect(saved).toMatchObject({ kind: 'CARD', last4: '4242', brand: 'visa', networkId: LUMIERE_ID });

    // The second debit: its job charges the saved method once, its notification marks it paid.
    const rows = await db.select().from(instalments).where(eq(instalments.orderId, answer.orderId));
    const second = rows.find((row) => row.number === 2);
    const third = rows.find((row) => row.number === 3);
    if (!second || !third) throw new Error('the plan has three instalments');
    await chargeInstalment(testApp.current.deps, second.id);
    await chargeInstalment(testApp.current.deps, second.id);
    const [secondRow] = await db.select().from(instalments).where(eq(instalments.id, second.id));
    expect(secondRow?.status).toBe('PENDING');
    const secondPayment = secondRow?.paymentId ?? '';
    expect(testApp.current.payments.charges.get(secondPayment)).toMatchObject({
      amount: 21666,
      methodToken: VISA_SAVED.token,
    });
    await notify(testApp.current.payments.notification(secondPayment, 'payment.succeeded'));
    // A refused third debit leaves a debt to settle.
    await chargeInstalment(testApp.current.deps, third.id);
    const [thirdRow] = await db.select().from(instalments).where(eq(instalments.id, third.id));
    await notify(testApp.current.payments.notification(thirdRow?.paymentId ?? '', 'payment.refused'));
    const after = await history(buyer, answer.orderId);
    expect(after.instalments.map((row) => row.status)).toEqual(['PAID', 'PAID', 'FAILED']);
    expect(after.status).toBe('REGULARIZATION');
    expect(after.events.map((event) => event.type).slice(-2)).toEqual([
      'INSTALMENT_PAID',
      'INSTALMENT_FAILED',
    ]);
  });

  it('PAY-02 a single payment has one instalment row, paid; the method is kept only when asked', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer));
    await notifyPayment(answer.orderId, 'payment.succeeded', {
      savedMethod: { ...VISA_SAVED, token: 'pm_aaaaaaaaaaaaaaaaaaaaaaaa' },
    });
    const detail = await history(buyer, answer.orderId);
    expect(detail.instalments.map((row) => [row.number, row.status])).toEqual([[1, 'PAID']]);
    const kept = await testApp.current.deps.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, buyer.user.id));
    expect(kept).toEqual([]);
  });
});

describe('instalment debits', () => {
  it('PAY-02 each later debit is queued for 06:00 on its due date, network time, once per instalment', async () => {
    const sent: { name: string; data: unknown; options: unknown }[] = [];
    await runAfterCommit(
      {
        ...testApp.current.deps,
        jobs: {
          send: async (name, data, options) => {
            sent.push({ name, data, options });
            return 'job';
          },
        },
      },
      {
        completedOrderId: null,
        subscriptionMails: [],
        instalmentJobs: [
          { instalmentId: 41, dueDate: '2026-12-23' },
          { instalmentId: 42, dueDate: '2027-07-23' },
        ],
      },
      'Europe/Paris',
    );
    expect(sent).toEqual([
      {
        name: 'charge-instalment',
        data: { instalmentId: 41 },
        options: { startAfter: new Date('2026-12-23T05:00:00Z'), singletonKey: 'instalment:41' },
      },
      {
        name: 'charge-instalment',
        data: { instalmentId: 42 },
        options: { startAfter: new Date('2027-07-23T04:00:00Z'), singletonKey: 'instalment:42' },
      },
    ]);
    expect(localInstant('2026-12-23', 6, 'Africa/Casablanca').toISOString()).toBe('2026-12-23T05:00:00.000Z');
    expect(localInstant('2026-12-23', 6, 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-12-22T16:00:00.000Z',
    );
  });

  it('PAY-02 the hourly sweep charges the instalments due by the network date, each once', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer, { articles: [annual()], installments: 3 }));
    await notifyPayment(answer.orderId, 'payment.succeeded', {
      savedMethod: { ...VISA_SAVED, token: 'pm_bbbbbbbbbbbbbbbbbbbbbbbb' },
    });
    const { clock, deps } = testApp.current;
    const started = clock.now();
    const plan = async () =>
      (await deps.db.select().from(instalments).where(eq(instalments.orderId, answer.orderId)))
        .sort((a, b) => a.number - b.number)
        .map((row) => row.status);
    try {
      // 22 December, 23:30 in Paris: the second debit is not due yet.
      clock.set('2026-12-22T22:30:00Z');
      await chargeDueInstalments(deps);
      expect(await plan()).toEqual(['PAID', 'SCHEDULED', 'SCHEDULED']);
      // 23 December, 00:30 in Paris.
      clock.set('2026-12-22T23:30:00Z');
      await chargeDueInstalments(deps);
      await chargeDueInstalments(deps);
      expect(await plan()).toEqual(['PAID', 'PENDING', 'SCHEDULED']);
      const charged = [...testApp.current.payments.charges.values()].filter(
        (charge) => charge.methodToken === 'pm_bbbbbbbbbbbbbbbbbbbbbbbb',
      );
      expect(charged).toHaveLength(1);
    } finally {
      clock.set(started);
    }
  });

  it('PAY-02 a later debit whose notification never comes is read at the provider, paid once; a late notification changes nothing', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer, { articles: [annual()], installments: 3 }));
    await notifyPayment(answer.orderId, 'payment.succeeded', {
      savedMethod: { ...VISA_SAVED, token: 'pm_cccccccccccccccccccccccc' },
    });
    const { clock, deps } = testApp.current;
    const { db } = deps;
    const started = clock.now();
    const [second] = await db
      .select()
      .from(instalments)
      .where(and(eq(instalments.orderId, answer.orderId), eq(instalments.number, 2)));
    try {
      await chargeInstalment(deps, second?.id ?? 0);
      const [charged] = await db
        .select()
        .from(instalments)
        .where(eq(instalments.id, second?.id ?? 0));
      const paymentId = charged?.paymentId ?? '';
      const sentAt = clock.now().getTime();
      // Nine minutes on, no notification yet: the provider is not asked.
      clock.set(new Date(sentAt + 9 * 60_000));
      await checkDueCheckouts(deps);
      const charge = testApp.current.payments.charges.get(paymentId);
      expect(charge?.reads).toBe(0);
      // Ten minutes on, read once: paid.
      clock.set(new Date(sentAt + CHARGE_READ_AFTER_MS));
      await checkDueCheckouts(deps);
      await checkDueCheckouts(deps);
      expect(charge?.reads).toBe(1);
      const plan = await history(buyer, answer.orderId);
      expect(plan.instalments.map((row) => row.status)).toEqual(['PAID', 'PAID', 'SCHEDULED']);
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
      expect(payment).toMatchObject({ status: 'SUCCEEDED', checkoutCheckAt: null });
      // The notification, arriving at last, is one more word about a settled payment.
      await notify(testApp.current.payments.notification(paymentId, 'payment.succeeded'));
      const after = await history(buyer, answer.orderId);
      expect(after.events.filter((event) => event.type === 'INSTALMENT_PAID')).toHaveLength(1);
    } finally {
      clock.set(started);
    }
  });

  it('PAY-02 a later debit without a saved method fails and leaves the order to regularise', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer, { articles: [annual()], installments: 3 }));
    await notifyPayment(answer.orderId, 'payment.succeeded');
    const { db } = testApp.current.deps;
    const [second] = await db
      .select()
      .from(instalments)
      .where(and(eq(instalments.orderId, answer.orderId), eq(instalments.number, 2)));
    await chargeInstalment(testApp.current.deps, second?.id ?? 0);
    const detail = await history(buyer, answer.orderId);
    expect(detail.instalments.map((row) => row.status)).toEqual(['PAID', 'FAILED', 'SCHEDULED']);
    expect(detail.status).toBe('REGULARIZATION');
  });
});

describe('Order/create.json, getOrders, history, acknowledge', () => {
  it('create completes an order with nothing to pay, and refuses one with an amount', async () => {
    const buyer = await signIn();
    const { returnUrl: _returnUrl, ...order } = placing(buyer);
    const refused = await koOf(await testApp.current.call(CHECKOUT_CALLS.create, order));
    expect([refused.status, refused.code]).toEqual([409, 'ORDER_PAYMENT_REQUIRED']);
    const code = await storeVoucher('FREE', { label: { fr: 'Offert' }, type: 'RATIO', value: 10_000 });
    const free = await okOf<PlaceOrderAnswer>(
      await testApp.current.call(CHECKOUT_CALLS.create, {
        ...order,
        orderKey: randomUUID(),
        vouchers: [code],
      }),
    );
    expect([free.status, free.totalAmount, free.redirectUrl]).toEqual(['COMPLETED', 0, null]);
    const viaPlace = await placed(placing(buyer, { vouchers: [code], articles: [singles(3)] }));
    expect([viaPlace.status, viaPlace.redirectUrl]).toEqual(['COMPLETED', null]);
    expect((await history(buyer, free.orderId)).payments).toEqual([]);
  });

  it('ORD-05 getOrders lists the customer orders of this network, newest first, by page', async () => {
    const buyer = await signIn();
    const placedIds: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      placedIds.push((await placed(placing(buyer, { articles: [singles(index + 1)] }))).orderId);
      testApp.current.clock.advanceMinutes(1);
    }
    await placed(placing(await signIn()));
    const page = (pageNumber: string) =>
      testApp.current.call(CHECKOUT_CALLS.getOrders, {
        userToken: buyer.token,
        userId: String(buyer.user.id),
        networkId: String(LUMIERE_ID),
        page: pageNumber,
        pageSize: '2',
      });
    const first = await okOf<{ orders: OrderSummary[]; total: number; page: number }>(await page('1'));
    expect(first.total).toBe(3);
    expect(first.orders.map((order) => order.orderId)).toEqual([placedIds[2], placedIds[1]]);
    expect(first.orders[0]).toMatchObject({
      status: 'PENDING',
      totalAmount: 570,
      currency: 'EUR',
      invoiceNumber: null,
    });
    const second = await okOf<{ orders: OrderSummary[] }>(await page('2'));
    expect(second.orders.map((order) => order.orderId)).toEqual([placedIds[0]]);
  });

  it('history answers one own order with its lines, payments and events; another customer or network finds nothing', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer, { articles: [singles(2)] }));
    const detail = await history(buyer, answer.orderId);
    expect(detail).toMatchObject({
      orderId: answer.orderId,
      subtotalAmount: 380,
      discountAmount: 0,
      totalAmount: 380,
    });
    expect(detail.lines).toHaveLength(1);
    expect(detail.payments.map((payment) => [payment.status, payment.amount, payment.method])).toEqual([
      ['OPEN', 380, 'CARD'],
    ]);
    expect(detail.events.map((event) => event.type)).toEqual(['PLACED', 'PAYMENT_STARTED']);
    const stranger = await signIn();
    const notFound = await koOf(
      await testApp.current.call(CHECKOUT_CALLS.history, {
        userToken: stranger.token,
        userId: stranger.user.id,
        networkId: LUMIERE_ID,
        orderId: answer.orderId,
      }),
    );
    expect([notFound.status, notFound.code]).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  it('Payment/acknowledge.json applies the provider status once, and a later notification changes nothing', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer));
    const payment = await paymentOf(answer.orderId);
    const checkout = testApp.current.payments.checkoutOf(payment.id);
    if (!checkout) throw new Error('no checkout');
    const acknowledge = (checkoutId = checkout.id) =>
      testApp.current.call(CHECKOUT_CALLS.acknowledge, {
        userToken: buyer.token,
        userId: buyer.user.id,
        networkId: LUMIERE_ID,
        orderId: answer.orderId,
        checkoutId,
      });
    expect(await okOf(await acknowledge())).toEqual({
      orderId: answer.orderId,
      status: 'PENDING',
      paymentStatus: 'OPEN',
    });
    testApp.current.payments.setStatus(checkout.id, 'succeeded');
    expect(await okOf(await acknowledge())).toEqual({
      orderId: answer.orderId,
      status: 'COMPLETED',
      paymentStatus: 'SUCCEEDED',
    });
    expect(await okOf(await acknowledge())).toMatchObject({ status: 'COMPLETED' });
    await notifyPayment(answer.orderId, 'payment.succeeded', { sequence: 2 });
    const events = await testApp.current.deps.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, answer.orderId));
    expect(events.filter((event) => event.type === 'COMPLETED')).toHaveLength(1);
    const unknown = await koOf(await acknowledge('chk_000000000000000000000000'));
    expect(unknown.code).toBe('ORDER_NOT_FOUND');
  });

  it('the minute sweep reads an abandoned page a minute after its expiry, again while the provider has it open; then the order is CANCELED, its collect place given back', async () => {
    const buyer = await signIn();
    const answer = await placed(
      placing(buyer, {
        articles: [collected()],
        delivery: { mode: 'COLLECT', siteId: 12, slotStart: '2026-11-26T10:00:00Z' },
      }),
    );
    const { clock, deps, payments: provider } = testApp.current;
    const payment = await paymentOf(answer.orderId);
    const checkout = provider.checkoutOf(payment.id);
    if (!checkout) throw new Error('no checkout');
    const pageEnds = new Date(clock.now().getTime() + 30 * 60_000);
    expect(payment.checkoutCheckAt).toEqual(new Date(pageEnds.getTime() + 60_000));
    const started = clock.now();
    try {
      const checkAt = async () => (await paymentOf(answer.orderId)).checkoutCheckAt;
      clock.advanceMinutes(30);
      await checkDueCheckouts(deps);
      expect(await checkAt()).toEqual(new Date(pageEnds.getTime() + 60_000));
      clock.advanceMinutes(1);
      await checkDueCheckouts(deps);
      expect((await orderRow(answer.orderId)).status).toBe('PENDING');
      const again = new Date(clock.now().getTime() + 60_000);
      expect(await checkAt()).toEqual(again);
      await checkDueCheckouts(deps);
      expect(await checkAt()).toEqual(again);

      provider.setStatus(checkout.id, 'expired');
      clock.advanceMinutes(1);
      await checkDueCheckouts(deps);
      expect((await orderRow(answer.orderId)).status).toBe('CANCELED');
      expect(await checkAt()).toBeNull();
    } finally {
      clock.set(started);
    }
    const held = await deps.db
      .select()
      .from(collectSlotReservations)
      .where(eq(collectSlotReservations.orderKey, scopedOrderKey(await orderRow(answer.orderId))));
    expect(held).toEqual([]);
    expect((await history(buyer, answer.orderId)).events.map((event) => event.type)).toContain(
      'PAYMENT_EXPIRED',
    );
  });

  it('a payment with an outcome leaves nothing to the sweep; a pending debit is still read once', async () => {
    const buyer = await signIn();
    const paid = await placed(placing(buyer));
    await notifyPayment(paid.orderId, 'payment.succeeded', { sequence: 1 });
    expect((await paymentOf(paid.orderId)).checkoutCheckAt).toBeNull();
    const debited = await placed(placing(buyer, { articles: [monthly()], paymentMethod: 'TRANSFER' }));
    const checkAt = (await paymentOf(debited.orderId)).checkoutCheckAt;
    await notifyPayment(debited.orderId, 'payment.pending', { sequence: 1 });
    expect((await orderRow(debited.orderId)).status).toBe('PROCESSING');
    expect((await paymentOf(debited.orderId)).checkoutCheckAt).toEqual(checkAt);
  });

  it('a payment the provider never started is given up by the sweep after a checkout lifetime, unless the key is retried', async () => {
    const buyer = await signIn();
    const payload = placing(buyer, {
      articles: [collected()],
      delivery: { mode: 'COLLECT', siteId: 12, slotStart: '2026-11-26T10:30:00Z' },
    });
    testApp.current.payments.failing = true;
    try {
      expect((await koOf(await place(payload))).code).toBe('PAYMENT_UNEXPECTED_ERROR');
    } finally {
      testApp.current.payments.failing = false;
    }
    const [order] = await testApp.current.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, buyer.user.id), eq(orders.orderKey, payload.orderKey)));
    const payment = await paymentOf(order?.id ?? 0);
    expect(payment.checkoutCheckAt).toEqual(new Date(payment.createdAt.getTime() + 31 * 60_000));
    const { clock, deps } = testApp.current;
    const started = clock.now();
    try {
      clock.advanceMinutes(30);
      await checkDueCheckouts(deps);
      expect((await orderRow(order?.id ?? 0)).status).toBe('PENDING');
      clock.advanceMinutes(1);
      await checkDueCheckouts(deps);
      expect((await orderRow(order?.id ?? 0)).status).toBe('CANCELED');
      expect((await koOf(await place(payload))).code).toBe('PAYMENT_CANCELLED');
    } finally {
      clock.set(started);
    }
  });

  it('Payment/acknowledge.json: an expired page cancels the order; a provider that does not answer is PAYMENT_UNEXPECTED_ERROR', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer));
    const checkout = testApp.current.payments.checkoutOf((await paymentOf(answer.orderId)).id);
    if (!checkout) throw new Error('no checkout');
    const payload = {
      userToken: buyer.token,
      userId: buyer.user.id,
      networkId: LUMIERE_ID,
      orderId: answer.orderId,
      checkoutId: checkout.id,
    };
    testApp.current.payments.failing = true;
    try {
      const failed = await koOf(await testApp.current.call(CHECKOUT_CALLS.acknowledge, payload));
      expect([failed.status, failed.code]).toEqual([502, 'PAYMENT_UNEXPECTED_ERROR']);
    } finally {
      testApp.current.payments.failing = false;
    }
    testApp.current.payments.setStatus(checkout.id, 'expired');
    expect(await okOf(await testApp.current.call(CHECKOUT_CALLS.acknowledge, payload))).toEqual({
      orderId: answer.orderId,
      status: 'CANCELED',
      paymentStatus: 'EXPIRED',
    });
  });
});
