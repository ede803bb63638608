import { describe, expect, it } from 'vitest';
import { insertTestUser } from '../../test-support/accounts.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import {
  ARTICLES,
  contractsOf,
  notifyPayment,
  paidOrder,
  placeOrder,
  placing,
  signInOn,
} from '../../test-support/tickets.ts';
import { orderRowOf } from '../orders/order-test-kit.ts';
import { contractRowsOf } from './issue-contracts.ts';

const testApp = useTestApp();
const signIn = (user = {}) => signInOn(testApp.current, undefined, user);

const ADDRESS = {
  fullname: 'Ada Lovelace',
  addressRoute: '1 rue de la Gare',
  addressPostalCode: '69001',
  addressCity: 'Lyon',
  addressState: 'Rhône',
};

describe('issuing a paid order’s contracts', () => {
  it('one contract per unit and fare product, its validity from the catalogue, in the wallet of the buyer', async () => {
    const buyer = await signIn({ firstName: 'Camille', lastName: 'Durand' });
    const answer = await paidOrder(
      testApp.current,
      placing(buyer, { articles: [ARTICLES.singles(2), ARTICLES.carnet(), ARTICLES.monthly()] }),
    );
    const contracts = await contractsOf(testApp.current, answer.orderId);
    expect(
      contracts.map((contract) => ({
        productId: contract.productId,
        unitIndex: contract.unitIndex,
        kind: contract.kind,
        delivery: contract.delivery,
        status: contract.status,
        journeys: [contract.journeysTotal, contract.journeysLeft],
        window: [contract.validFrom?.toISOString() ?? null, contract.validTo?.toISOString() ?? null],
        usableUntil: contract.usableUntil?.toISOString() ?? null,
        traveller: [contract.holderUserId, contract.travellerUserId, contract.travellerName],
      })),
    ).toEqual([
      ...[0, 1].map((unitIndex) => ({
        productId: 5101,
        unitIndex,
        kind: 'JOURNEYS',
        delivery: 'WALLET',
        status: 'ISSUED',
        journeys: [1, 1],
        window: [null, null],
        // 365 days after the issue day, to the end of that day in Paris.
        usableUntil: '2027-11-23T23:00:00.000Z',
        traveller: [buyer.user.id, buyer.user.id, 'Camille Durand'],
      })),
      {
        productId: 5101,
        unitIndex: 0,
        kind: 'JOURNEYS',
        delivery: 'WALLET',
        status: 'ISSUED',
        // The carnet's product quantity of 10 makes one ticket of ten journeys.
        journeys: [10, 10],
        window: [null, null],
        usableUntil: '2027-11-23T23:00:00.000Z',
        traveller: [buyer.user.id, buyer.user.id, 'Camille Durand'],
      },
      {
        productId: 5201,
        unitIndex: 0,
        kind: 'PERIOD',
        delivery: 'WALLET',
        status: 'ISSUED',
        journeys: [null, null],
        // December in Paris: from its first midnight to January's.
        window: ['2026-11-30T23:00:00.000Z', '2026-12-31T23:00:00.000Z'],
        usableUntil: null,
        traveller: [buyer.user.id, buyer.user.id, 'Camille Durand'],
      },
    ]);
    expect(new Set(contracts.map((contract) => contract.publicId)).size).toBe(contracts.length);
    for (const contract of contracts) expect(contract.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('a line for a traveller profile issues in the profile’s name, still held by the buyer', async () => {
    const buyer = await signIn();
    const profile = await insertTestUser(testApp.current.deps.db, testApp.current.clock, {
      email: null,
      firstName: 'Léo',
      lastName: 'Durand',
      parentUserId: buyer.user.id,
    });
    const answer = await paidOrder(
      testApp.current,
      placing(buyer, { articles: [{ ...ARTICLES.singles(), customerId: profile.id }] }),
    );
    const [contract] = await contractsOf(testApp.current, answer.orderId);
    expect([contract?.holderUserId, contract?.travellerUserId, contract?.travellerName]).toEqual([
      buyer.user.id,
      profile.id,
      'Léo Durand',
    ]);
  });

  it('a posted physical article is to load on the new card bought with it, a collected one to collect at the agency from its slot', async () => {
    const buyer = await signIn({ birthday: '1990-05-01' });
    const posted = await paidOrder(
      testApp.current,
      placing(buyer, {
        // With Lumière's new card (decision 0037).
        articles: [{ shopItemId: 1101, quantity: 1, support: 'PHYSICAL', optionShopItemId: 9101 }],
        delivery: { mode: 'SHIPPING', address: ADDRESS },
      }),
    );
    const onCard = await contractsOf(testApp.current, posted.orderId);
    expect(
      onCard.map((contract) => [contract.productId, contract.delivery, contract.status, contract.mediaId]),
    ).toEqual([[5101, 'CARD', 'TO_LOAD', expect.any(Number)]]);
    const collected = await paidOrder(
      testApp.current,
      placing(buyer, {
        articles: [{ shopItemId: 1106, quantity: 1, support: 'PHYSICAL' }],
        delivery: { mode: 'COLLECT', siteId: 11, slotStart: '2026-11-26T09:00:00Z' },
      }),
    );
    const [atAgency] = await contractsOf(testApp.current, collected.orderId);
    expect([
      atAgency?.delivery,
      atAgency?.status,
      atAgency?.collectSiteId,
      atAgency?.collectFrom?.toISOString(),
    ]).toEqual(['COLLECT', 'TO_COLLECT', 11, '2026-11-26T09:00:00.000Z']);
  });

  it('the card itself issues nothing; a line whose item left the catalogue issues its products once each', async () => {
    const network = testApp.current.deps.networks.byId(LUMIERE_ID);
    if (!network) throw new Error('no Lumière');
    const buyer = await signIn();
    const answer = await paidOrder(testApp.current, placing(buyer));
    const order = await orderRowOf(testApp.current.deps.db, answer.orderId);
    const line = {
      id: 1,
      kind: 'ARTICLE',
      support: 'PHYSICAL',
      customerId: null,
      mediaId: 7,
      startMonth: null,
      startingAt: null,
      quantity: 2,
      travellerName: 'Ada Lovelace',
    };
    const rows = contractRowsOf({
      network,
      order: { ...order, delivery: null },
      lines: [
        { ...line, shopItemId: 9101, productIds: [5901] },
        { ...line, kind: 'SHIPPING_FEE', shopItemId: 1101, productIds: [5101] },
        { ...line, shopItemId: 999_999, productIds: [5102, 5101] },
      ],
      now: testApp.current.clock.now(),
    });
    expect(
      rows.map((row) => [row.productId, row.unitIndex, row.journeysTotal, row.delivery, row.mediaId]),
    ).toEqual([
      [5101, 0, 1, 'CARD', 7],
      [5101, 1, 1, 'CARD', 7],
    ]);
  });

  it('duplicated and out-of-order notifications issue once', async () => {
    const buyer = await signIn();
    const answer = await placeOrder(testApp.current, placing(buyer, { articles: [ARTICLES.singles(3)] }));
    await notifyPayment(testApp.current, answer.orderId, 'payment.succeeded');
    const first = await contractsOf(testApp.current, answer.orderId);
    expect(first).toHaveLength(3);
    await notifyPayment(testApp.current, answer.orderId, 'payment.succeeded');
    await notifyPayment(testApp.current, answer.orderId, 'payment.pending');
    await notifyPayment(testApp.current, answer.orderId, 'payment.succeeded');
    expect(await contractsOf(testApp.current, answer.orderId)).toEqual(first);
  });

  it('a refused, cancelled or pending payment issues nothing', async () => {
    const buyer = await signIn();
    const notices = ['payment.refused', 'payment.cancelled', 'payment.pending'] as const;
    for (const [index, notice] of notices.entries()) {
      const answer = await placeOrder(
        testApp.current,
        placing(buyer, { articles: [ARTICLES.singles(index + 1)] }),
      );
      await notifyPayment(testApp.current, answer.orderId, notice);
      expect(await contractsOf(testApp.current, answer.orderId), notice).toEqual([]);
    }
    const unpaid = await placeOrder(testApp.current, placing(buyer, { articles: [ARTICLES.singles(5)] }));
    expect(await contractsOf(testApp.current, unpaid.orderId)).toEqual([]);
  });

  it('a SEPA debit issues on its settlement, not while it is pending', async () => {
    const buyer = await signIn();
    const answer = await placeOrder(
      testApp.current,
      placing(buyer, { articles: [ARTICLES.monthly()], paymentMethod: 'TRANSFER' }),
    );
    await notifyPayment(testApp.current, answer.orderId, 'payment.pending');
    expect(await contractsOf(testApp.current, answer.orderId)).toEqual([]);
    await notifyPayment(testApp.current, answer.orderId, 'payment.succeeded');
    expect(
      (await contractsOf(testApp.current, answer.orderId)).map((contract) => contract.productId),
    ).toEqual([5201]);
  });
});
