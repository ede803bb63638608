import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import { CHECKOUT_CALLS, type PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import {
  PAYMENT_METHOD_CALLS,
  type SavedPaymentMethodAnswer,
} from '@transit-shop/sdk/contract/payment-methods';
import {
  type CardSetupAnswer,
  type LinkedSubscription,
  type StartedCardSetup,
  SUBSCRIPTION_CALLS,
  type SubscriptionDetail,
  type SubscriptionSummary,
} from '@transit-shop/sdk/contract/subscriptions';
import { wallClockOf } from '@transit-shop/sdk/time/network-clock';
import type { ReloadOutcome } from '@transit-shop/tenancy/tenant-store';
import { and, eq, inArray } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../db/database.ts';
import { orders } from '../../../db/schema/orders.ts';
import { payments } from '../../../db/schema/payments.ts';
import { subscriptionRenewals, subscriptions } from '../../../db/schema/subscriptions.ts';
import { tickets } from '../../../db/schema/tickets.ts';
import { DEFAULT_DIRS, IN_MEMORY_DATA_DIR } from '../../../env.ts';
import { koOf, okOf } from '../../../test-support/account-test-kit.ts';
import { signedInUser } from '../../../test-support/accounts.ts';
import { VISA_SAVED } from '../../../test-support/fake-payment-provider.ts';
import { storeSavedMethod, testProviderToken } from '../../../test-support/saved-methods.ts';
import { createTestApp, LUMIERE_ID, type TestApp } from '../../../test-support/test-app.ts';
import { testPostgresUrl } from '../../../test-support/test-database.ts';
import { createSession } from '../../sessions/create-session.ts';
import { CHARGE_READ_AFTER_MS, CHARGE_READ_AGAIN_MS } from '../payment-outcome/charge-reads.ts';
import { checkDueCheckouts } from '../payment-outcome/check-due-checkouts.ts';
import { renewDueSubscriptions } from './renewal-sweep.ts';

const LAKESIDE_ID = 103;
/** A weekly pass sold as a subscription, added to the test's copy of Lumière's catalogue. */
const WEEKLY = 2199;

let tenantsDir: string;
let testApp: TestApp;

type Item = Record<string, unknown> & { shopItemId: number; shopItemPrice: number };

async function editCatalogue(slug: string, edit: (items: Item[]) => void) {
  const path = join(tenantsDir, slug, 'catalogue.json');
  const json = JSON.parse(await readFile(path, 'utf8')) as { shopItems: Item[] };
  edit(json.shopItems);
  const aside = join(tenantsDir, `.${slug}-catalogue.json`);
  await writeFile(aside, JSON.stringify(json, null, 2));
  await rename(aside, path);
}

beforeAll(async () => {
  tenantsDir = await mkdtemp(join(tmpdir(), 'subscription-tenants-'));
  await cp(DEFAULT_DIRS.tenants, tenantsDir, { recursive: true });
  await editCatalogue('lumiere', (items) => {
    const monthly = items.find((item) => item.shopItemId === 2102);
    if (!monthly) throw new Error('no monthly subscription in the demo catalogue');
    items.push({
      ...monthly,
      shopItemId: WEEKLY,
      name: {
        ...(monthly.name as object),
        fr: 'Abonnement hebdomadaire',
        en: 'Weekly pass, renewed automatically',
      },
      shopItemPrice: 1900,
      pivotType: 'WEEK_PIVOT',
      pivotValue: 1,
      startProposals: 2,
      // Paid by card only: a bank account cannot take its renewals.
      paymentOptions: { paymentMethods: ['CARD'], allowSubscription: true },
    });
  });
  testApp = await createTestApp({ tenants: { tenantsDir } });
  if (!testApp.deps.networks.byId(LUMIERE_ID))
    throw new Error(
      `Lumière is not served: ${JSON.stringify(testApp.logs.filter((line) => line.level >= 40))}`,
    );
});

afterAll(async () => {
  await testApp?.close();
  await rm(tenantsDir, { recursive: true, force: true });
});

const db = () => testApp.deps.db;
const clock = () => testApp.clock;
const sweep = () => renewDueSubscriptions(testApp.deps);

type Buyer = Awaited<ReturnType<typeof signIn>>;

const signIn = (networkId = LUMIERE_ID) =>
  signedInUser({
    db: db(),
    clock: clock(),
    policy: testApp.deps.sessionPolicy,
    networkId,
    user: { firstName: 'Ada', lastName: 'Lovelace' },
  });

const notified = new Set<string>();

const renewalsOf = (id: number) =>
  db()
    .select()
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.subscriptionId, id))
    .orderBy(subscriptionRenewals.period);

async function notify(paymentId: string, type: 'payment.succeeded' | 'payment.refused', options = {}) {
  notified.add(paymentId);
  const notification = testApp.payments.notification(paymentId, type, options);
  const response = await testApp.app.request('/payments/notifications/sandbox', {
    method: 'POST',
    headers: notification.headers,
    body: notification.body,
  });
  if (response.status !== 200)
    throw new Error(
      `notification answered ${response.status}: ${JSON.stringify(testApp.logs.filter((line) => line.level >= 50).slice(-2))}`,
    );
}

/** The charges of a subscription's renewals the provider was asked for and not yet answered. */
async function unansweredCharges(subscriptionId: number) {
  const renewalOrders = (await renewalsOf(subscriptionId)).flatMap((renewal) =>
    renewal.orderId === null ? [] : [renewal.orderId],
  );
  if (renewalOrders.length === 0) return [];
  const tries = await db().select().from(payments).where(inArray(payments.orderId, renewalOrders));
  const asked = new Set(tries.map((payment) => payment.id));
  return [...testApp.payments.charges.values()].filter(
    (charge) => asked.has(charge.merchantReference) && !notified.has(charge.merchantReference),
  );
}

/** Answers every charge of the subscription not yet answered. */
async function settleCharges(
  subscriptionId: number,
  type: 'payment.succeeded' | 'payment.refused' = 'payment.succeeded',
  reason?: string,
) {
  const pending = await unansweredCharges(subscriptionId);
  for (const charge of pending)
    await notify(charge.merchantReference, type, reason === undefined ? {} : { reason });
  return pending;
}

/** Subscribes on the provider's page with a new card, saved by the payment. */
async function subscribe(
  buyer: Buyer,
  article: Record<string, unknown>,
  networkId = LUMIERE_ID,
  card: Partial<typeof VISA_SAVED> = {},
) {
  const answer = await okOf<PlaceOrderAnswer>(
    await testApp.call(CHECKOUT_CALLS.placeOrder, {
      userToken: buyer.token,
      userId: buyer.user.id,
      networkId,
      articles: [{ quantity: 1, support: 'DEMATERIALIZED', isSubscription: true, ...article }],
      orderKey: randomUUID(),
      returnUrl: '/cart/checkout',
    }),
  );
  const orderId = (await answer).orderId;
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error('no payment');
  await notify(payment.id, 'payment.succeeded', {
    // Valid for every year the tests travel to, unless the test says otherwise.
    savedMethod: { ...VISA_SAVED, token: testProviderToken(), expYear: 2099, ...card },
  });
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  if (!row) throw new Error('the paid order started no subscription');
  return row;
}

const subscriptionRow = async (id: number) => {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error(`no subscription ${id}`);
  return row;
};

const ticketsOfOrders = async (orderIds: number[]) =>
  orderIds.length === 0 ? [] : db().select().from(tickets).where(inArray(tickets.orderId, orderIds));

const own = (buyer: Buyer, networkId = LUMIERE_ID) => ({ userToken: buyer.token, network_id: networkId });

const list = async (buyer: Buyer, networkId = LUMIERE_ID) =>
  await okOf<{ subscriptions: SubscriptionSummary[] }>(
    await testApp.call(SUBSCRIPTION_CALLS.list, own(buyer, networkId), { networkId }),
  );
const detail = async (buyer: Buyer, subscriptionId: number, networkId = LUMIERE_ID) =>
  await okOf<SubscriptionDetail>(
    await testApp.call(SUBSCRIPTION_CALLS.get, { ...own(buyer, networkId), subscriptionId }, { networkId }),
  );

/** The emails written to the outbox, oldest first: subject and text as a mail client shows them. */
async function outboxTexts(): Promise<string[]> {
  const files = (await readdir(testApp.outboxDir)).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(await readFile(join(testApp.outboxDir, file)));
      return `${parsed.subject ?? ''}\n${parsed.text ?? ''}`.replace(/[\u00A0\u202F\u2009]/g, ' ');
    }),
  );
}

/** A new session of the same customer: the clock moved past the last one's expiry. */
async function resumed(buyer: Buyer, networkId = LUMIERE_ID): Promise<Buyer> {
  const { token, session } = await createSession({
    db: db(),
    clock: clock(),
    policy: testApp.deps.sessionPolicy,
    userId: buyer.user.id,
    networkId,
  });
  return { ...buyer, token, session };
}

/** Moves the clock to the subscription's next notice, then its next charge, sweeping at each. */
async function untilNextCharge(id: number): Promise<void> {
  const before = await subscriptionRow(id);
  if (before.noticeAt) {
    clock().set(before.noticeAt);
    await sweep();
  }
  const due = await subscriptionRow(id);
  if (!due.nextBillingAt) throw new Error('nothing to charge');
  clock().set(due.nextBillingAt);
  await sweep();
}

describe('a subscription bought', () => {
  it('SUB-01 the paid order starts it: listed with its traveller, product, period, renewal date, next charge and card', async () => {
    clock().set('2026-11-23T09:00:00.000Z');
    const buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2026-12' });
    const { subscriptions: listed } = await list(buyer);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: row.id,
      status: 'ACTIVE',
      beneficiary: { customerId: null, firstName: 'Ada', lastName: 'Lovelace' },
      shopItemId: 2102,
      support: 'DEMATERIALIZED',
      renewalInterval: 'P1M',
      startDate: '2026-12-01',
      validity: { kind: 'DAYS', from: '2026-12-01', to: '2026-12-31' },
      renewalDate: '2027-01-01',
      // Charged three days ahead at 06:00 in Paris.
      nextBilling: { at: '2026-12-29T06:00:00+01:00', amount: 6200, currency: 'EUR' },
      paymentMethod: {
        kind: 'CARD',
        label: '•••• •••• •••• 4242 · 12/99',
        expired: false,
        expiringSoon: false,
      },
    });
  });

  it('SUB-04 refuses a subscription to a guest, and to an item not sold as one', async () => {
    const guest = await signedInUser({
      db: db(),
      clock: clock(),
      policy: testApp.deps.sessionPolicy,
      networkId: LUMIERE_ID,
      user: { status: 'GUEST', email: null },
    });
    const guestTry = await testApp.call(CHECKOUT_CALLS.placeOrder, {
      userToken: guest.token,
      userId: guest.user.id,
      networkId: LUMIERE_ID,
      articles: [
        {
          shopItemId: 2102,
          quantity: 1,
          support: 'DEMATERIALIZED',
          isSubscription: true,
          startMonth: '2026-12',
        },
      ],
      orderKey: randomUUID(),
      returnUrl: '/cart/checkout',
      invoiceEmail: 'guest@example.org',
    });
    expect((await koOf(guestTry)).code).toMatch(/GUEST_SUBSCRIPTION_NOT_ALLOWED|GUEST_ORDER_NOT_ALLOWED/);
    const buyer = await signIn();
    const annual = await testApp.call(CHECKOUT_CALLS.placeOrder, {
      userToken: buyer.token,
      userId: buyer.user.id,
      networkId: LUMIERE_ID,
      articles: [
        {
          shopItemId: 2101,
          quantity: 1,
          support: 'DEMATERIALIZED',
          isSubscription: true,
          startMonth: '2026-12',
        },
      ],
      orderKey: randomUUID(),
      returnUrl: '/cart/checkout',
    });
    expect((await koOf(annual)).code).toBe('SUBSCRIPTION_NOT_OFFERED');
  });
});

describe('renewals on the network clock', () => {
  it.each([
    ['Lumière (Europe/Paris)', LUMIERE_ID, 2102, 6200, 'Europe/Paris'],
    ['Lakeside (Europe/Zurich)', LAKESIDE_ID, 2302, 8000, 'Europe/Zurich'],
  ])(
    'SUB-04 a year of monthly renewals on %s: whole months across month ends, a leap year and clock changes, one order and one ticket each',
    async (_name, networkId, shopItemId, price, zone) => {
      clock().set('2027-11-20T09:00:00.000Z');
      const buyer = await signIn(networkId);
      const row = await subscribe(buyer, { shopItemId, startMonth: '2027-12' }, networkId);
      const periods: string[] = [];
      for (let renewal = 1; renewal <= 12; renewal += 1) {
        await untilNextCharge(row.id);
        const charged = await settleCharges(row.id);
        expect(charged).toHaveLength(1);
        const at = wallClockOf(clock().now(), zone);
        expect(at.time).toBe('06:00');
        const [renewed] = (await renewalsOf(row.id)).filter((candidate) => candidate.period === renewal);
        expect(renewed?.status).toBe('PAID');
        expect(renewed?.amount).toBe(price);
        const validity = renewed?.validity;
        if (validity?.kind !== 'DAYS') throw new Error('a month pass covers days');
        periods.push(`${validity.from}/${validity.to}`);
        // Charged three days before the month it pays for.
        expect(at.date < validity.from).toBe(true);
      }
      expect(periods).toEqual([
        '2028-01-01/2028-01-31',
        '2028-02-01/2028-02-29',
        '2028-03-01/2028-03-31',
        '2028-04-01/2028-04-30',
        '2028-05-01/2028-05-31',
        '2028-06-01/2028-06-30',
        '2028-07-01/2028-07-31',
        '2028-08-01/2028-08-31',
        '2028-09-01/2028-09-30',
        '2028-10-01/2028-10-31',
        '2028-11-01/2028-11-30',
        '2028-12-01/2028-12-31',
      ]);
      const renewals = await renewalsOf(row.id);
      const orderIds = renewals.map((renewal) => renewal.orderId ?? 0);
      expect(new Set(orderIds).size).toBe(12);
      const completed = await db().select().from(orders).where(inArray(orders.id, orderIds));
      expect(completed.every((order) => order.status === 'COMPLETED' && order.totalAmount === price)).toBe(
        true,
      );
      const issued = await ticketsOfOrders(orderIds);
      expect(issued).toHaveLength(12);
      // Each ticket starts at midnight of its month on the network's clock.
      expect(
        issued.every((ticket) => ticket.validFrom && wallClockOf(ticket.validFrom, zone).time === '00:00'),
      ).toBe(true);
      expect((await subscriptionRow(row.id)).nextPeriod).toBe(13);
    },
  );

  it('SUB-04 weekly renewals cover Monday to Sunday, announced four days ahead', async () => {
    clock().set('2028-03-14T09:00:00.000Z');
    const buyer = await signIn();
    const row = await subscribe(buyer, {
      shopItemId: WEEKLY,
      startDate: '2028-03-20',
    });
    for (let week = 1; week <= 3; week += 1) {
      const due = await subscriptionRow(row.id);
      if (due.noticeAt) expect(wallClockOf(due.noticeAt, 'Europe/Paris')).toMatchObject({ time: '09:00' });
      await untilNextCharge(row.id);
      await settleCharges(row.id);
    }
    const renewals = await renewalsOf(row.id);
    expect(renewals.map((renewal) => renewal.validity)).toEqual([
      { kind: 'DAYS', from: '2028-03-27', to: '2028-04-02' },
      { kind: 'DAYS', from: '2028-04-03', to: '2028-04-09' },
      { kind: 'DAYS', from: '2028-04-10', to: '2028-04-16' },
    ]);
    expect(renewals.every((renewal) => renewal.status === 'PAID' && renewal.amount === 1900)).toBe(true);
  });
});

const terminate = async (buyer: Buyer, subscriptionId: number) =>
  await okOf<SubscriptionDetail>(
    await testApp.call(SUBSCRIPTION_CALLS.terminate, { ...own(buyer), subscriptionId }),
  );

const cards = async (buyer: Buyer) =>
  await okOf<{ cards: SavedPaymentMethodAnswer[] }>(
    await testApp.call(PAYMENT_METHOD_CALLS.getCards, { userToken: buyer.token, network_id: LUMIERE_ID }),
  );

describe('refused charges and the method', () => {
  it('SUB-03 a refused charge is tried again each day with an email, then blocks; another card unblocks it and charges what is due', async () => {
    clock().set('2029-01-10T09:00:00.000Z');
    let buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2029-02' });
    const mailsBefore = (await outboxTexts()).length;
    await untilNextCharge(row.id);
    expect(await settleCharges(row.id, 'payment.refused', 'insufficient_funds')).toHaveLength(1);
    let [renewal] = await renewalsOf(row.id);
    expect(renewal).toMatchObject({ status: 'RETRYING', tries: 1, lastReason: 'insufficient_funds' });
    // First tried on 26 February, three days ahead; three more tries on the next days, the last on
    // the 1st of March; each refusal is told.
    expect(wallClockOf(renewal?.nextAttemptAt ?? 0, 'Europe/Paris')).toMatchObject({
      date: '2029-02-27',
      time: '06:00',
    });
    for (const day of ['2029-02-27', '2029-02-28', '2029-03-01']) {
      const due = await subscriptionRow(row.id);
      expect(wallClockOf(due.nextBillingAt ?? 0, 'Europe/Paris').date).toBe(day);
      clock().set(due.nextBillingAt ?? new Date(0));
      await sweep();
      await settleCharges(row.id, 'payment.refused', 'insufficient_funds');
    }
    const blocked = await subscriptionRow(row.id);
    expect(blocked).toMatchObject({
      status: 'BLOCKED',
      blockedReason: 'PAYMENT_REFUSED',
      nextBillingAt: null,
    });
    [renewal] = await renewalsOf(row.id);
    expect(renewal).toMatchObject({ status: 'FAILED', tries: 4 });
    const order = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, renewal?.orderId ?? 0));
    expect(order[0]?.status).toBe('PENDING');
    const mails = (await outboxTexts()).slice(mailsBefore);
    expect(mails.filter((mail) => mail.includes('Nous n’avons pas pu prélever')).length).toBe(3);
    expect(mails.some((mail) => mail.includes('est suspendu'))).toBe(true);
    // A card chosen on 3 March: March is due, charged at once, and its ticket issued.
    clock().set('2029-03-03T10:00:00.000Z');
    buyer = await resumed(buyer);
    const summary = (await list(buyer)).subscriptions.find((one) => one.id === row.id);
    expect(summary).toMatchObject({ status: 'BLOCKED', blockedReason: 'PAYMENT_REFUSED', nextBilling: null });
    const other = await storeSavedMethod(
      db(),
      { userId: buyer.user.id, networkId: LUMIERE_ID, now: clock().now() },
      { last4: '4444', brand: 'mastercard' },
    );
    const updated = await okOf<SubscriptionDetail>(
      await testApp.call(SUBSCRIPTION_CALLS.updateCard, {
        ...own(buyer),
        subscriptionId: row.id,
        cardId: other.id,
      }),
    );
    expect(updated.status).toBe('ACTIVE');
    expect(updated.paymentMethod?.label).toContain('4444');
    const charged = await settleCharges(row.id);
    expect(charged).toHaveLength(1);
    expect(charged[0]?.methodToken).toBe(other.providerToken);
    [renewal] = await renewalsOf(row.id);
    expect(renewal).toMatchObject({ status: 'PAID', period: 1 });
    expect(await ticketsOfOrders([renewal?.orderId ?? 0])).toHaveLength(1);
    const after = await detail(buyer, row.id);
    expect(after.periods[0]?.charges.map((charge) => charge.status)).toEqual([
      'REFUSED',
      'REFUSED',
      'REFUSED',
      'REFUSED',
      'SUCCEEDED',
    ]);
    expect(after.renewalDate).toBe('2029-04-01');
  });

  it('SUB-03 a card not replaced before it expires blocks the subscription without a charge; PM-02 marks it expired', async () => {
    clock().set('2030-10-10T09:00:00.000Z');
    let buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2030-10' }, LUMIERE_ID, {
      expMonth: 10,
      expYear: 2030,
    });
    expect((await list(buyer)).subscriptions[0]?.paymentMethod).toMatchObject({
      expiringSoon: true,
      expired: false,
    });
    // November is charged on 29 October, while the card is still valid.
    await untilNextCharge(row.id);
    expect(await settleCharges(row.id)).toHaveLength(1);
    // December, on 28 November: the card has expired.
    await untilNextCharge(row.id);
    expect(await unansweredCharges(row.id)).toEqual([]);
    expect((await renewalsOf(row.id)).map((renewal) => [renewal.status, renewal.orderId === null])).toEqual([
      ['PAID', false],
      ['FAILED', true],
    ]);
    expect(await subscriptionRow(row.id)).toMatchObject({
      status: 'BLOCKED',
      blockedReason: 'METHOD_EXPIRED',
    });
    buyer = await resumed(buyer);
    const summary = (await list(buyer)).subscriptions[0];
    expect(summary).toMatchObject({
      status: 'BLOCKED',
      blockedReason: 'METHOD_EXPIRED',
      paymentMethod: { expired: true },
    });
    // An expired card cannot be chosen.
    const refused = await testApp.call(SUBSCRIPTION_CALLS.updateCard, {
      ...own(buyer),
      subscriptionId: row.id,
      cardId: summary?.paymentMethod?.id ?? 0,
    });
    expect((await koOf(refused)).code).toBe('SUBSCRIPTION_METHOD_NOT_USABLE');
  });

  it("SUB-03 a new card typed on the provider's page, nothing charged there, unblocks the subscription and pays what is due; a repeated notification changes nothing", async () => {
    clock().set('2031-10-10T09:00:00.000Z');
    let buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2031-10' }, LUMIERE_ID, {
      expMonth: 10,
      expYear: 2031,
    });
    await untilNextCharge(row.id);
    await settleCharges(row.id);
    await untilNextCharge(row.id);
    expect((await subscriptionRow(row.id)).status).toBe('BLOCKED');
    clock().set('2031-11-29T10:00:00.000Z');
    buyer = await resumed(buyer);
    const started = await okOf<StartedCardSetup>(
      await testApp.call(SUBSCRIPTION_CALLS.startCardSetup, {
        ...own(buyer),
        subscriptionId: row.id,
        returnUrl: `/account/tacit/${row.id}`,
      }),
    );
    const reference = `card-setup:${started.setupId}`;
    const page = testApp.payments.checkoutOf(reference);
    expect(page).toMatchObject({ amount: 0, method: 'CARD', saveMethod: true, currency: 'EUR' });
    expect(started.redirectUrl).toBe(`https://sandbox.test/pay/${page?.id}`);
    const back = new URL(page?.returnUrl ?? '');
    expect(`${back.pathname}?${back.searchParams}`).toBe(
      `/account/tacit/${row.id}?cardSetup=${started.setupId}`,
    );
    const setupState = async () =>
      await okOf<CardSetupAnswer>(
        await testApp.call(SUBSCRIPTION_CALLS.readCardSetup, {
          ...own(buyer),
          subscriptionId: row.id,
          setupId: started.setupId,
        }),
      );
    expect((await setupState()).status).toBe('OPEN');
    const newCard = { ...VISA_SAVED, token: testProviderToken(), last4: '1881', expYear: 2099 };
    const word = testApp.payments.notification(reference, 'payment.succeeded', { savedMethod: newCard });
    for (let time = 0; time < 2; time += 1) {
      const response = await testApp.app.request('/payments/notifications/sandbox', {
        method: 'POST',
        headers: word.headers,
        body: word.body,
      });
      expect(response.status).toBe(200);
    }
    const answer = await setupState();
    expect(answer.status).toBe('SAVED');
    expect(answer.subscription).toMatchObject({ status: 'ACTIVE' });
    expect(answer.subscription.paymentMethod?.label).toContain('1881');
    // December, due since the block, charged once to the new card.
    const charged = await settleCharges(row.id);
    expect(charged.map((charge) => charge.methodToken)).toEqual([newCard.token]);
    const [, december] = await renewalsOf(row.id);
    expect(december).toMatchObject({ status: 'PAID', renewalDate: '2031-12-01' });
    const methods = await okOf<{ cards: SavedPaymentMethodAnswer[] }>(
      await testApp.call(PAYMENT_METHOD_CALLS.getCards, { userToken: buyer.token, network_id: LUMIERE_ID }),
    );
    expect(methods.cards.filter((card) => card.label.includes('1881'))).toHaveLength(1);
  });

  it("a card page left or refused changes nothing; another customer's setup, a terminated subscription are refused", async () => {
    clock().set('2031-12-10T09:00:00.000Z');
    const buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2032-01' });
    const start = async (who: Buyer) =>
      await testApp.call(SUBSCRIPTION_CALLS.startCardSetup, {
        ...own(who),
        subscriptionId: row.id,
        returnUrl: `/account/tacit/${row.id}`,
      });
    const left = await okOf<StartedCardSetup>(await start(buyer));
    testApp.payments.setStatus(
      testApp.payments.checkoutOf(`card-setup:${left.setupId}`)?.id ?? '',
      'cancelled',
    );
    const read = async (who: Buyer, setupId: string) =>
      await testApp.call(SUBSCRIPTION_CALLS.readCardSetup, { ...own(who), subscriptionId: row.id, setupId });
    const cancelled = await okOf<CardSetupAnswer>(await read(buyer, left.setupId));
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.subscription.paymentMethod?.label).toContain('4242');
    const declined = await okOf<StartedCardSetup>(await start(buyer));
    await notify(`card-setup:${declined.setupId}`, 'payment.refused');
    expect((await okOf<CardSetupAnswer>(await read(buyer, declined.setupId))).status).toBe('REFUSED');
    // A card saved afterwards for a setup ended does not change the subscription.
    await notify(`card-setup:${declined.setupId}`, 'payment.succeeded', {
      savedMethod: { ...VISA_SAVED, token: testProviderToken(), last4: '5556' },
    });
    expect((await detail(buyer, row.id)).paymentMethod?.label).toContain('4242');

    const stranger = await signIn();
    expect((await koOf(await start(stranger))).code).toBe('SUBSCRIPTION_NOT_FOUND');
    expect((await koOf(await read(stranger, left.setupId))).code).toBe('SUBSCRIPTION_NOT_FOUND');
    await terminate(buyer, row.id);
    expect((await koOf(await start(buyer))).code).toBe('SUBSCRIPTION_TERMINATED');
  });

  it('refuses a method the item is not sold with: a bank account for a pass paid by card only', async () => {
    clock().set('2030-12-06T09:00:00.000Z');
    const buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: WEEKLY, startDate: '2030-12-09' });
    const account = await storeSavedMethod(
      db(),
      { userId: buyer.user.id, networkId: LUMIERE_ID, now: clock().now() },
      { kind: 'TRANSFER', brand: null, last4: '0189', expMonth: null, expYear: null },
    );
    const refused = await testApp.call(SUBSCRIPTION_CALLS.updateCard, {
      ...own(buyer),
      subscriptionId: row.id,
      cardId: account.id,
    });
    expect((await koOf(refused)).code).toBe('SUBSCRIPTION_METHOD_NOT_USABLE');
    expect((await subscriptionRow(row.id)).savedPaymentMethodId).toBe(row.savedPaymentMethodId);
  });

  it('PM-01 a method renewing a subscription is locked against removal until the subscription is terminated', async () => {
    clock().set('2031-01-10T09:00:00.000Z');
    const buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2031-02' });
    const [method] = (await cards(buyer)).cards;
    expect(method).toMatchObject({ usedForSubscriptions: true, locked: true });
    const removal = await testApp.call(PAYMENT_METHOD_CALLS.unregisterCard, {
      userToken: buyer.token,
      cardId: method?.id,
    });
    expect((await koOf(removal)).code).toBe('SAVED_METHOD_LOCKED');
    await terminate(buyer, row.id);
    expect((await cards(buyer)).cards[0]).toMatchObject({ usedForSubscriptions: false, locked: false });
  });
});

describe('a charge whose notification never comes', () => {
  const readDue = () => checkDueCheckouts(testApp.deps);

  it('a renewal charged and never notified is read at the provider: paid, its ticket issued once', async () => {
    clock().set('2030-01-10T09:00:00.000Z');
    const buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2030-02' });
    await untilNextCharge(row.id);
    const [sent] = await unansweredCharges(row.id);
    if (!sent) throw new Error('the renewal was not charged');
    const sentAt = clock().now().getTime();
    clock().set(new Date(sentAt + CHARGE_READ_AFTER_MS - 60_000));
    await readDue();
    expect(sent.reads).toBe(0);
    expect((await renewalsOf(row.id))[0]?.status).toBe('CHARGING');
    clock().set(new Date(sentAt + CHARGE_READ_AFTER_MS));
    await readDue();
    await readDue();
    expect(sent.reads).toBe(1);
    const [renewal] = await renewalsOf(row.id);
    expect(renewal).toMatchObject({ status: 'PAID', period: 1 });
    expect(await ticketsOfOrders([renewal?.orderId ?? 0])).toHaveLength(1);
    // The notification arrives at last: nothing more is issued, the next renewal is the next month's.
    await notify(sent.merchantReference, 'payment.succeeded');
    expect(await ticketsOfOrders([renewal?.orderId ?? 0])).toHaveLength(1);
    expect((await subscriptionRow(row.id)).nextPeriod).toBe(2);
  });

  it('SUB-03 a refusal read at the provider keeps its reason and is told: tried again a day later; a debit still pending is read again later', async () => {
    clock().set('2030-03-10T09:00:00.000Z');
    const buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2030-04' });
    testApp.payments.chargeStatus = 'pending';
    try {
      await untilNextCharge(row.id);
    } finally {
      testApp.payments.chargeStatus = 'succeeded';
    }
    const [sent] = await unansweredCharges(row.id);
    if (!sent) throw new Error('the renewal was not charged');
    const sentAt = clock().now().getTime();
    clock().set(new Date(sentAt + CHARGE_READ_AFTER_MS));
    await readDue();
    const [payment] = await db().select().from(payments).where(eq(payments.id, sent.merchantReference));
    expect(payment?.status).toBe('PENDING');
    expect(payment?.checkoutCheckAt?.getTime()).toBe(sentAt + CHARGE_READ_AFTER_MS + CHARGE_READ_AGAIN_MS);
    // The bank refuses it for want of funds; only the next read tells.
    sent.status = 'refused';
    sent.reason = 'insufficient_funds';
    const readAt = sentAt + CHARGE_READ_AFTER_MS + CHARGE_READ_AGAIN_MS;
    clock().set(new Date(readAt));
    await readDue();
    const [renewal] = await renewalsOf(row.id);
    expect(renewal).toMatchObject({ status: 'RETRYING', tries: 1, lastReason: 'insufficient_funds' });
    // Known 40 minutes late, the refusal is tried again no sooner than a day after.
    expect(renewal?.nextAttemptAt?.getTime()).toBe(readAt + 86_400_000);
    expect((await outboxTexts()).at(-1)).toContain('Nous n’avons pas pu prélever');
    const [after] = await db().select().from(payments).where(eq(payments.id, sent.merchantReference));
    expect(after).toMatchObject({ status: 'REFUSED', checkoutCheckAt: null });
  });
});

describe('termination', () => {
  it('SUB-02 terminated before its renewal: nothing charged, the period paid runs to its end', async () => {
    clock().set('2032-01-05T09:00:00.000Z');
    const buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2032-01' });
    const answer = await terminate(buyer, row.id);
    expect(answer).toMatchObject({
      status: 'TERMINATED',
      terminationReason: 'CUSTOMER',
      endsOn: '2032-01-31',
      renewalDate: null,
      nextBilling: null,
      termination: null,
    });
    clock().set('2032-03-01T09:00:00.000Z');
    await sweep();
    expect(await renewalsOf(row.id)).toEqual([]);
    const { subscriptions: listed } = await list(await resumed(buyer));
    expect(listed.map((one) => one.status)).toEqual(['TERMINATED']);
    expect((await outboxTexts()).some((mail) => mail.includes('est résilié'))).toBe(true);
  });

  it('SUB-02 terminated while its renewal is being charged: that renewal completes, no further one', async () => {
    clock().set('2033-01-05T09:00:00.000Z');
    const buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2033-01' });
    await untilNextCharge(row.id);
    const again = await resumed(buyer);
    const before = await detail(again, row.id);
    expect(before.termination).toEqual({ endsOn: '2033-01-31', renewalUnderWay: true });
    await terminate(again, row.id);
    await settleCharges(row.id);
    const after = await subscriptionRow(row.id);
    expect(after).toMatchObject({ status: 'TERMINATED', nextBillingAt: null, noticeAt: null });
    expect(after.paidValidity).toEqual({ kind: 'DAYS', from: '2033-02-01', to: '2033-02-28' });
    clock().set('2033-04-01T09:00:00.000Z');
    await sweep();
    expect((await renewalsOf(row.id)).map((renewal) => renewal.status)).toEqual(['PAID']);
  });

  it('ACC-08 a subscription not terminated blocks the account deletion; terminated, it does not', async () => {
    clock().set('2034-01-05T09:00:00.000Z');
    const buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2034-01' });
    const blocked = await testApp.call(ACCOUNT_CALLS.requestDeletion, {
      userToken: buyer.token,
      userId: buyer.user.id,
    });
    expect((await koOf(blocked)).code).toBe('DELETION_BLOCKED_BY_SUBSCRIPTION');
    await terminate(buyer, row.id);
    const deleted = await testApp.call(ACCOUNT_CALLS.requestDeletion, {
      userToken: buyer.token,
      userId: buyer.user.id,
    });
    expect(deleted.status).toBe(200);
  });
});

describe('the notice and its link', () => {
  it('announces the renewal with its amount, date and a single-use link that terminates it without signing in', async () => {
    clock().set('2035-01-05T09:00:00.000Z');
    const buyer = await signIn();
    const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2035-01' });
    const before = (await outboxTexts()).length;
    clock().set((await subscriptionRow(row.id)).noticeAt ?? new Date(0));
    await sweep();
    const notice = (await outboxTexts()).slice(before).find((mail) => mail.includes('est renouvelé'));
    expect(notice).toBeDefined();
    expect(notice).toContain('62,00 €');
    expect(notice).toContain('1 février 2035');
    const token = /token=([A-Za-z0-9_-]{43})/.exec(notice ?? '')?.[1];
    if (!token) throw new Error('no termination link in the notice');
    const read = await okOf<LinkedSubscription>(
      await testApp.call(SUBSCRIPTION_CALLS.readTerminationLink, { network_id: LUMIERE_ID, token }),
    );
    expect(read).toMatchObject({
      status: 'ACTIVE',
      renewalDate: '2035-02-01',
      amount: 6200,
      beneficiaryFirstName: 'Ada',
    });
    // Not on another network.
    const elsewhere = await testApp.call(
      SUBSCRIPTION_CALLS.readTerminationLink,
      { network_id: LAKESIDE_ID, token },
      { networkId: LAKESIDE_ID },
    );
    expect((await koOf(elsewhere)).code).toBe('SUBSCRIPTION_LINK_INVALID');
    const done = await okOf<LinkedSubscription>(
      await testApp.call(SUBSCRIPTION_CALLS.terminateByLink, { network_id: LUMIERE_ID, token }),
    );
    expect(done).toMatchObject({ status: 'TERMINATED', endsOn: '2035-01-31' });
    expect((await subscriptionRow(row.id)).terminationReason).toBe('NOTICE_LINK');
    const again = await testApp.call(SUBSCRIPTION_CALLS.terminateByLink, { network_id: LUMIERE_ID, token });
    expect((await koOf(again)).code).toBe('SUBSCRIPTION_LINK_INVALID');
  });

  it('a price change applies from the next renewal announced, and the notice says so', async () => {
    clock().set('2036-01-05T09:00:00.000Z');
    const buyer = await signIn(LAKESIDE_ID);
    const row = await subscribe(buyer, { shopItemId: 2302, startMonth: '2036-01' }, LAKESIDE_ID);
    const reloaded = new Promise<ReloadOutcome>((resolve) => {
      const store = testApp.tenants?.store;
      const listener = (outcome: ReloadOutcome) => {
        if (!outcome.applied) return;
        store?.off('reloaded', listener);
        resolve(outcome);
      };
      store?.on('reloaded', listener);
    });
    await editCatalogue('lakeside', (items) => {
      const item = items.find((candidate) => candidate.shopItemId === 2302);
      if (item) item.shopItemPrice = 8400;
    });
    await reloaded;
    await testApp.tenants?.follower.idle();
    const before = (await outboxTexts()).length;
    await untilNextCharge(row.id);
    const notice = (await outboxTexts()).slice(before).join('\n');
    expect(notice).toMatch(/80[.,’']?00/);
    expect(notice).toMatch(/84[.,’']?00/);
    const charged = await settleCharges(row.id);
    expect(charged.map((charge) => charge.amount)).toEqual([8400]);
  });
});

describe('who may see a subscription (SUB-05)', () => {
  it('SUB-05 another customer’s, another network’s or an unknown subscription is not found, and tells nothing', async () => {
    clock().set('2037-01-05T09:00:00.000Z');
    const owner = await signIn();
    const row = await subscribe(owner, { shopItemId: 2102, startMonth: '2037-01' });
    const stranger = await signIn();
    for (const call of [SUBSCRIPTION_CALLS.get, SUBSCRIPTION_CALLS.terminate]) {
      const answer = await testApp.call(call, { ...own(stranger), subscriptionId: row.id });
      expect(answer.status).toBe(404);
      expect((await koOf(answer)).code).toBe('SUBSCRIPTION_NOT_FOUND');
    }
    const onLakeside = await signIn(LAKESIDE_ID);
    const crossNetwork = await testApp.call(
      SUBSCRIPTION_CALLS.get,
      { userToken: onLakeside.token, network_id: LAKESIDE_ID, subscriptionId: row.id },
      { networkId: LAKESIDE_ID },
    );
    expect((await koOf(crossNetwork)).code).toBe('SUBSCRIPTION_NOT_FOUND');
    expect((await list(stranger)).subscriptions).toEqual([]);
    const unknown = await testApp.call(SUBSCRIPTION_CALLS.get, {
      ...own(owner),
      subscriptionId: 2_000_000_000,
    });
    expect((await koOf(unknown)).code).toBe('SUBSCRIPTION_NOT_FOUND');
    expect((await subscriptionRow(row.id)).status).toBe('ACTIVE');
  });

  it('refuses malformed input with a 400 and never a 5xx', async () => {
    const buyer = await signIn();
    for (const subscriptionId of [0, -1, 1.5, 'abc', null, 2_147_483_648]) {
      const answer = await testApp.call(SUBSCRIPTION_CALLS.terminate, { ...own(buyer), subscriptionId });
      expect(answer.status).toBe(400);
    }
    for (const token of ['', 'short', 'x'.repeat(44), '../../etc/passwd']) {
      const answer = await testApp.call(SUBSCRIPTION_CALLS.terminateByLink, {
        network_id: LUMIERE_ID,
        token,
      });
      expect(answer.status).toBe(400);
    }
    const extra = await testApp.call(SUBSCRIPTION_CALLS.list, { ...own(buyer), more: 1 });
    expect(extra.status).toBe(400);
  });
});

// Defined only in the project on PostgreSQL (vitest.config.ts): two processes cannot share PGlite.
if (testPostgresUrl())
  describe('two ticket API processes on one PostgreSQL database', () => {
    it('a renewal due is ordered, charged and issued once, however many sweeps run on either', async () => {
      clock().set('2038-01-05T09:00:00.000Z');
      const buyer = await signIn();
      const row = await subscribe(buyer, { shopItemId: 2102, startMonth: '2038-01' });
      const url = testApp.database.driver.kind === 'postgres' ? testApp.database.driver.url : '';
      const handle = await createDatabase({ DATABASE_URL: url, DATA_DIR: IN_MEMORY_DATA_DIR });
      const second = await createTestApp({
        tenants: { tenantsDir },
        database: { ...handle, drop: () => handle.close() },
      });
      try {
        const due = (await subscriptionRow(row.id)).nextBillingAt ?? new Date(0);
        clock().set(due);
        second.clock.set(due);
        // Both processes sweep at once, and each sweep runs again as a retried job would.
        await Promise.all([
          sweep(),
          renewDueSubscriptions(second.deps),
          sweep(),
          renewDueSubscriptions(second.deps),
        ]);
        const renewals = await renewalsOf(row.id);
        expect(renewals).toHaveLength(1);
        const orderId = renewals[0]?.orderId ?? 0;
        const tries = await db().select().from(payments).where(eq(payments.orderId, orderId));
        expect(tries).toHaveLength(1);
        const asked = [...testApp.payments.charges.values(), ...second.payments.charges.values()].filter(
          (charge) => charge.merchantReference === tries[0]?.id,
        );
        expect(asked).toHaveLength(1);
        // The provider that took the charge tells the first process.
        const reference = tries[0]?.id ?? '';
        const taker = testApp.payments.charges.has(reference) ? testApp : second;
        const word = taker.payments.notification(reference, 'payment.succeeded');
        const told = await testApp.app.request('/payments/notifications/sandbox', {
          method: 'POST',
          headers: word.headers,
          body: word.body,
        });
        expect(told.status).toBe(200);
        expect(await ticketsOfOrders([orderId])).toHaveLength(1);
        const renewalOrders = await db()
          .select()
          .from(orders)
          .where(and(eq(orders.userId, buyer.user.id), eq(orders.status, 'COMPLETED')));
        expect(renewalOrders).toHaveLength(2);
      } finally {
        await second.close();
      }
    });
  });
