import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CATALOGUE_CALLS,
  type CatalogueAnswer,
  productListPayload,
} from '@transit-shop/sdk/contract/catalogue';
import { CHECKOUT_CALLS, type PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import { MEDIA_CALLS } from '@transit-shop/sdk/contract/media';
import { ORDER_CALLS, type VerifyAnswer } from '@transit-shop/sdk/contract/order';
import { signPayload } from '@transit-shop/sdk/signing/sign';
import { scaffoldNetwork } from '@transit-shop/tenancy/scaffold-network';
import type { ReloadOutcome } from '@transit-shop/tenancy/tenant-store';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { invoices } from '../db/schema/invoices.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { DEFAULT_DIRS } from '../env.ts';
import { checkDueCheckouts } from '../services/orders/payment-outcome/check-due-checkouts.ts';
import { koOf, okOf } from '../test-support/account-test-kit.ts';
import { signedInUser } from '../test-support/accounts.ts';
import { createTestApp, LOG_ERROR, LUMIERE_ID, type TestApp, WAHAT_ID } from '../test-support/test-app.ts';
import type { NetworkDirectory } from './network-directory.ts';

const LAKESIDE_ID = 103;

let tenantsDir: string;
let testApp: TestApp;

beforeAll(async () => {
  // A copy of the demo networks of the test's own: the tests add, edit and remove network files.
  tenantsDir = await mkdtemp(join(tmpdir(), 'ticket-tenants-'));
  await cp(DEFAULT_DIRS.tenants, tenantsDir, { recursive: true });
  testApp = await createTestApp({ tenants: { tenantsDir } });
});

afterAll(async () => {
  await testApp?.close();
  await rm(tenantsDir, { recursive: true, force: true });
});

const followed = () => {
  if (!testApp.tenants) throw new Error('the test app follows no tenants folder');
  return testApp.tenants;
};

/** The first reload applied that satisfies `done`, and the vouchers it synced. */
function reloadWhere(done: (outcome: ReloadOutcome) => boolean): Promise<ReloadOutcome> {
  const { store, follower } = followed();
  return new Promise((resolve) => {
    const listener = (outcome: ReloadOutcome) => {
      if (!outcome.applied || !done(outcome)) return;
      store.off('reloaded', listener);
      void follower.idle().then(() => resolve(outcome));
    };
    store.on('reloaded', listener);
  });
}

/**
 * Waits until `condition` holds, as the calls see it: a reload seen by a listener may be one that
 * started before the edit, so the edit's effect is what is waited for.
 */
async function untilTrue(condition: () => Promise<boolean>): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error('not yet');
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** Rewrites a JSON file of a network the way deployments do: written aside, then renamed over. */
async function editJson(slug: string, file: string, edit: (json: Record<string, unknown>) => unknown) {
  const path = join(tenantsDir, slug, file);
  const json = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  const edited = edit(json) ?? json;
  const aside = join(tenantsDir, `.${slug}-${file}`);
  await writeFile(aside, JSON.stringify(edited, null, 2));
  await rename(aside, path);
}

type Item = { shopItemId: number; shopItemPrice: number };
type Catalogue = { shopItems: Item[] };
type Vouchers = { vouchers: Record<string, unknown>[] };
type Cards = { cards: { number: string; status: string }[] };

const productsCall = (networkId: number) =>
  testApp.call(CATALOGUE_CALLS.getProducts, { network_id: networkId, ...productListPayload('en') });
const products = async (networkId: number) => okOf<CatalogueAnswer>(await productsCall(networkId));
const priceOf = (answer: CatalogueAnswer, shopItemId: number) =>
  answer.categories.flatMap((category) => category.shopItems).find((item) => item.shopItemId === shopItemId)
    ?.shopItemPrice;

const verify = (networkId: number, shopItemId: number, vouchers: string[] = []) =>
  testApp.call(ORDER_CALLS.verify, {
    networkId,
    articles: [{ shopItemId, quantity: 1, support: 'DEMATERIALIZED' }],
    vouchers,
  });

const guest = (networkId: number) =>
  signedInUser({
    db: testApp.deps.db,
    clock: testApp.clock,
    policy: testApp.deps.sessionPolicy,
    networkId,
    user: { status: 'GUEST', email: null },
  });

/** A guest's order of one single ticket, placed and waiting for its payment. */
async function placeGuestOrder(networkId: number, shopItemId: number) {
  const buyer = await guest(networkId);
  const answer = await okOf<PlaceOrderAnswer>(
    await testApp.call(CHECKOUT_CALLS.placeOrder, {
      userToken: buyer.token,
      userId: buyer.user.id,
      networkId,
      articles: [{ shopItemId, quantity: 1, support: 'DEMATERIALIZED' }],
      orderKey: randomUUID(),
      returnUrl: '/cart/checkout',
      invoiceEmail: `guest-${randomUUID()}@example.org`,
    }),
  );
  const [payment] = await testApp.deps.db.select().from(payments).where(eq(payments.orderId, answer.orderId));
  if (!payment) throw new Error(`order ${answer.orderId} has no payment`);
  return { orderId: answer.orderId, payment };
}

async function orderOf(orderId: number) {
  const [order] = await testApp.deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

const notifySucceeded = (app: { request: TestApp['app']['request'] }, paymentId: string) => {
  const notification = testApp.payments.notification(paymentId, 'payment.succeeded');
  return app.request('/payments/notifications/sandbox', {
    method: 'POST',
    headers: notification.headers,
    body: notification.body,
  });
};

describe('tenant files followed while the ticket API runs', () => {
  it('serves a network scaffolded while it runs: its catalogue, its prices and its guest orders', async () => {
    expect((await koOf(await productsCall(260))).code).toBe('NETWORK_NOT_FOUND');
    const added = reloadWhere((outcome) => outcome.added.includes('harbour'));
    await scaffoldNetwork({
      tenantsDir,
      themesDir: DEFAULT_DIRS.themes,
      slug: 'harbour',
      name: 'Harbour Ferries',
      id: 260,
      domain: 'harbour.localhost',
      languages: ['en', 'fr'],
    });
    await added;

    const answer = await products(260);
    expect(answer.currency).toBe('EUR');
    expect(priceOf(answer, 1)).toBe(100);
    const verified = await okOf<VerifyAnswer>(await verify(260, 1));
    expect(verified.totalAmount).toBe(100);
    const placed = await placeGuestOrder(260, 1);
    expect((await orderOf(placed.orderId)).networkId).toBe(260);
  });

  it('applies an edited catalogue and an edited vouchers file to the calls that follow', async () => {
    const before = await products(LAKESIDE_ID);
    const price = priceOf(before, 1301);
    expect(price).toBeDefined();
    const unknown = await okOf<VerifyAnswer>(await verify(LAKESIDE_ID, 1301, ['RELOADED7']));
    expect(unknown.discounts[0]?.error?.code).toBe('VOUCHER_NOT_FOUND');

    await editJson('lakeside', 'catalogue.json', (catalogue) => {
      for (const item of (catalogue as Catalogue).shopItems)
        if (item.shopItemId === 1301) item.shopItemPrice = (price ?? 0) + 40;
    });
    await untilTrue(async () => priceOf(await products(LAKESIDE_ID), 1301) === (price ?? 0) + 40);

    await editJson('lakeside', 'vouchers.json', (file) => {
      (file as Vouchers).vouchers.push({
        code: 'RELOADED7',
        label: { en: 'Reloaded' },
        type: 'AMOUNT',
        amount: 70,
      });
    });
    await untilTrue(
      async () =>
        (await okOf<VerifyAnswer>(await verify(LAKESIDE_ID, 1301, ['RELOADED7']))).discounts[0]?.error ===
        null,
    );
    const discounted = await okOf<VerifyAnswer>(await verify(LAKESIDE_ID, 1301, ['RELOADED7']));
    expect(discounted.discounts[0]).toMatchObject({ error: null, amount: 70 });
    expect(discounted.totalAmount).toBe((price ?? 0) + 40 - 70);
  });

  it('applies an edited card registry to the calls that follow, and keeps the last valid one when an edit is invalid', async () => {
    const card = { number: '2501999900000001', holderBirthDate: '1984-06-02', expiresOn: '2031-06-30' };
    const searchCard = async () =>
      testApp.call(
        MEDIA_CALLS.searchLocalMediaForSignin,
        { mediaNumber: card.number, mediaCustomerBirthDate: card.holderBirthDate, networkId: LUMIERE_ID },
        { from: { forwardedFor: '198.51.100.7' } },
      );
    expect((await koOf(await searchCard())).code).toBe('MEDIA_NOT_RECOGNISED');

    await editJson('lumiere', 'cards.json', (file) => {
      (file as Cards).cards.push({ ...card, status: 'ACTIVE' });
    });
    // Read in the registry, not by searching: searches are counted against the address.
    const registered = () => testApp.deps.cards.findCard(LUMIERE_ID, card.number);
    await untilTrue(async () => (await registered())?.status === 'ACTIVE');
    expect(await okOf(await searchCard())).toEqual({ result: 'NONE' });

    // The same number twice: the file is refused and the cards stay as they were.
    await editJson('lumiere', 'cards.json', (file) => {
      const cards = (file as Cards).cards;
      for (const entry of cards) if (entry.number === card.number) entry.status = 'BLOCKED';
      cards.push({ ...card, status: 'BLOCKED' });
    });
    await untilTrue(async () =>
      testApp.logs.some(
        (line) =>
          line.level === LOG_ERROR &&
          line.file === 'tenants/lumiere/cards.json' &&
          /is also card/.test(String(line.problem)),
      ),
    );
    expect(await okOf(await searchCard())).toEqual({ result: 'NONE' });

    await editJson('lumiere', 'cards.json', (file) => {
      const cards = (file as Cards).cards;
      (file as Cards).cards = cards.slice(0, -1);
    });
    await untilTrue(async () => (await registered())?.status === 'BLOCKED');
    expect((await koOf(await searchCard())).code).toBe('MEDIA_INCIDENT');
  });

  it('applies an edited signing key and seller details to the calls and invoices that follow', async () => {
    const payload = { network_id: LAKESIDE_ID, ...productListPayload('en') };
    const oldKey = testApp.deps.networks.byId(LAKESIDE_ID)?.network.config.signingKey ?? '';
    const newKey = 'f1e2d3c4b5a697887766554433221100';
    await editJson('lakeside', 'network.json', (network) => {
      network.signingKey = newKey;
      (network.seller as { legalName: string }).legalName = 'Lakeside Transit Reloaded AG';
    });
    await untilTrue(
      async () => testApp.deps.networks.byId(LAKESIDE_ID)?.network.config.signingKey === newKey,
    );

    const oldSignature = await signPayload(payload, oldKey);
    const refused = await testApp.call(CATALOGUE_CALLS.getProducts, payload, { signature: oldSignature });
    expect((await koOf(refused)).code).toBe('INVALID_SIGNATURE');
    const newSignature = await signPayload(payload, newKey);
    await okOf(await testApp.call(CATALOGUE_CALLS.getProducts, payload, { signature: newSignature }));

    const placed = await placeGuestOrder(LAKESIDE_ID, 1301);
    expect((await notifySucceeded(testApp.app, placed.payment.id)).status).toBe(200);
    const [invoice] = await testApp.deps.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderReference, String(placed.orderId)));
    expect((invoice?.document as { seller: { legalName: string } } | undefined)?.seller.legalName).toBe(
      'Lakeside Transit Reloaded AG',
    );
  });

  it('keeps the last valid version of a network and of its vouchers when an edit is invalid, with the problems logged', async () => {
    const price = priceOf(await products(WAHAT_ID), 1201);
    expect(price).toBeDefined();
    await editJson('wahat', 'vouchers.json', (file) => {
      (file as Vouchers).vouchers.push({
        code: 'KEPTVALID',
        label: { en: 'Kept' },
        type: 'AMOUNT',
        amount: 30,
      });
    });
    await untilTrue(
      async () =>
        (await okOf<VerifyAnswer>(await verify(WAHAT_ID, 1201, ['KEPTVALID']))).discounts[0]?.error === null,
    );
    expect((await okOf<VerifyAnswer>(await verify(WAHAT_ID, 1201, ['KEPTVALID']))).discounts[0]?.amount).toBe(
      30,
    );

    // A catalogue with a price the schema refuses: the whole network stays at its last valid version.
    const refused = reloadWhere((outcome) => outcome.kept.includes('wahat'));
    await editJson('wahat', 'catalogue.json', (catalogue) => {
      for (const item of (catalogue as Catalogue).shopItems) item.shopItemPrice = -5;
    });
    expect((await refused).problems.some((problem) => problem.file.endsWith('wahat/catalogue.json'))).toBe(
      true,
    );
    expect(priceOf(await products(WAHAT_ID), 1201)).toBe(price);

    // A vouchers file naming an item the catalogue lacks: its vouchers stay as they were.
    await editJson('wahat', 'vouchers.json', (file) => {
      for (const voucher of (file as Vouchers).vouchers)
        if (voucher.code === 'KEPTVALID') voucher.amount = 90;
      (file as Vouchers).vouchers.push({
        code: 'NOSUCHITEM',
        label: { en: 'Broken' },
        type: 'AMOUNT',
        amount: 10,
        shopItemIds: [424242],
      });
    });
    const vouchersLogged = () =>
      testApp.logs.some(
        (line) =>
          line.level === LOG_ERROR &&
          line.file === 'tenants/wahat/vouchers.json' &&
          line.field === 'vouchers.7.shopItemIds.0',
      );
    await untilTrue(async () => vouchersLogged());
    await followed().follower.idle();
    expect((await okOf<VerifyAnswer>(await verify(WAHAT_ID, 1201, ['KEPTVALID']))).discounts[0]?.amount).toBe(
      30,
    );
    const errors = testApp.logs.filter((line) => line.level === LOG_ERROR);
    expect(
      errors.some(
        (line) => line.file === 'tenants/wahat/vouchers.json' && line.field === 'vouchers.7.shopItemIds.0',
      ),
    ).toBe(true);
    expect(errors.some((line) => /wahat.*last valid version/.test(line.msg))).toBe(true);
  });

  it('stops serving a removed network, and still completes an order of it placed before', async () => {
    const placed = await placeGuestOrder(LUMIERE_ID, 1101);
    const removed = reloadWhere((outcome) => outcome.removed.includes('lumiere'));
    await rm(join(tenantsDir, 'lumiere'), { recursive: true });
    await removed;
    expect((await koOf(await productsCall(LUMIERE_ID))).code).toBe('NETWORK_NOT_FOUND');

    const answer = await notifySucceeded(testApp.app, placed.payment.id);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ response: { result: 'applied' } });
    expect((await orderOf(placed.orderId)).status).toBe('COMPLETED');
    const invoice = await testApp.deps.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderReference, String(placed.orderId)));
    expect(invoice).toHaveLength(1);
  });

  it('records a payment that succeeds for an order whose network is not loaded, answers 200, and completes the order once the network is', async () => {
    const placed = await placeGuestOrder(LAKESIDE_ID, 1301);
    // A process that does not have the network (started after its folder was removed).
    const none: NetworkDirectory = { byId: () => undefined, all: () => [], settlingById: () => undefined };
    const withoutNetwork = { ...testApp.deps, networks: none };
    const answer = await notifySucceeded(createApp(withoutNetwork), placed.payment.id);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ response: { result: 'awaiting-network' } });
    const [payment] = await testApp.deps.db.select().from(payments).where(eq(payments.id, placed.payment.id));
    expect(payment?.status).toBe('SUCCEEDED');
    expect((await orderOf(placed.orderId)).status).toBe('PENDING');
    expect(testApp.logs.some((line) => line.level === LOG_ERROR && line.orderId === placed.orderId)).toBe(
      true,
    );

    // The sweep without the network leaves it for later; with the network, it completes the order once.
    testApp.clock.advance(60_000);
    await checkDueCheckouts(withoutNetwork);
    expect((await orderOf(placed.orderId)).status).toBe('PENDING');
    testApp.clock.advance(60_000);
    await checkDueCheckouts(testApp.deps);
    expect((await orderOf(placed.orderId)).status).toBe('COMPLETED');
    const [settled] = await testApp.deps.db.select().from(payments).where(eq(payments.id, placed.payment.id));
    expect(settled?.checkoutCheckAt).toBeNull();
  });
});
