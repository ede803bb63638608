import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import { CHECKOUT_CALLS, type PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import { PAYMENT_METHOD_CALLS, type SavedPaymentMethodAnswer } from '@transit-shop/sdk/contract/payment-methods';
import {
  type LinkedSubscription,
  SUBSCRIPTION_CALLS,
  type SubscriptionDetail,
  type SubscriptionSummary,
} from '@transit-shop/sdk/contract/subscriptions';
import { wallClockOf } from '@transit-shop/sdk/time/network-clock';
import type { ReloadOutcome } from '@transit-shop/tenancy/tenant-store';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions.ts';
import { tickets } from '../../db/schema/tickets.ts';
import { DEFAULT_DIRS } from '../../env.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { signedInUser } from '../../test-support/accounts.ts';
import { VISA_SAVED } from '../../test-support/fake-payment-provider.ts';
import { storeSavedMethod, testProviderToken } from '../../test-support/saved-methods.ts';
import { createTestApp, LUMIERE_ID, type TestApp } from '../../test-support/test-app.ts';
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
      name: { ...(monthly.name as object), fr: 'Abonnement hebdomadaire', en: 'Weekly pass, renewed automatically' },
      shopItemPrice: 1900,
      pivotType: 'WEEK_PIVOT',
      pivotValue: 1,
      startProposals: 2,
    });
  });
  testApp = await createTestApp({ tenants: { tenantsDir } });
  if (!testApp.deps.networks.byId(LUMIERE_ID))
    throw new Error(`Lumière is not served: ${JSON.stringify(testApp.logs.filter((line) => line.level >= 40))}`);
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
    throw new Error(`notification answered ${response.status}: ${JSON.stringify(testApp.logs.filter((line) => line.level >= 50).slice(-2))}`);
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
  const answer = okOf<PlaceOrderAnswer>(
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
    savedMethod: { ...VISA_SAVED, token: testProviderToken(), ...card },
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
  okOf<{ subscriptions: SubscriptionSummary[] }>(
    await testApp.call(SUBSCRIPTION_CALLS.list, own(buyer, networkId), { networkId }),
  );
const detail = async (buyer: Buyer, subscriptionId: number, networkId = LUMIERE_ID) =>
  okOf<SubscriptionDetail>(
    await testApp.call(SUBSCRIPTION_CALLS.get, { ...own(buyer, networkId), subscriptionId }, { networkId }),
  );

/** The emails written to the outbox since `since` (file names are sortable by time). */
async function outboxTexts(): Promise<string[]> {
  const files = (await readdir(testApp.outboxDir)).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(files.map((file) => readFile(join(testApp.outboxDir, file), 'utf8')));
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
      paymentMethod: { kind: 'CARD', label: '•••• •••• •••• 4242 · 12/30', expired: false, expiringSoon: false },
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
      articles: [{ shopItemId: 2102, quantity: 1, support: 'DEMATERIALIZED', isSubscription: true, startMonth: '2026-12' }],
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
      articles: [{ shopItemId: 2101, quantity: 1, support: 'DEMATERIALIZED', isSubscription: true, startMonth: '2026-12' }],
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
  ])('SUB-04 a year of monthly renewals on %s: whole months across month ends, a leap year and clock changes, one order and one ticket each', async (_name, networkId, shopItemId, price, zone) => {
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
    expect(completed.every((order) => order.status === 'COMPLETED' && order.totalAmount === price)).toBe(true);
    const issued = await ticketsOfOrders(orderIds);
    expect(issued).toHaveLength(12);
    // Each ticket starts at midnight of its month on the network's clock.
    expect(issued.every((ticket) => ticket.validFrom && wallClockOf(ticket.validFrom, zone).time === '00:00')).toBe(true);
    expect((await subscriptionRow(row.id)).nextPeriod).toBe(13);
  });

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
