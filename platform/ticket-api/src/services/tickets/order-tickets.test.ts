import { randomUUID } from 'node:crypto';
import {
  CHECKOUT_CALLS,
  type OrderDetail,
  type OrderOutcome,
  type PlaceOrderAnswer,
} from '@transit-shop/sdk/contract/checkout';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import { describe, expect, it } from 'vitest';
import type { NewUserRow } from '../../db/schema/users.ts';
import { okOf } from '../../test-support/account-test-kit.ts';
import { signedInUser } from '../../test-support/accounts.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { orderRowOf, paymentOfOrder } from '../orders/order-test-kit.ts';
import { insertContracts } from './ticket-test-kit.ts';

const testApp = useTestApp();

type Buyer = Awaited<ReturnType<typeof signIn>>;

const signIn = (user: Partial<NewUserRow> = {}) =>
  signedInUser({
    db: testApp.current.deps.db,
    clock: testApp.current.clock,
    policy: testApp.current.deps.sessionPolicy,
    networkId: LUMIERE_ID,
    user,
  });

/** An order of `quantity` single tickets paid by the provider's notification. */
async function paidOrder(buyer: Buyer, quantity: number, extra: Record<string, unknown> = {}) {
  const answer = await okOf<PlaceOrderAnswer>(
    await testApp.current.call(CHECKOUT_CALLS.placeOrder, {
      userToken: buyer.token,
      userId: buyer.user.id,
      networkId: LUMIERE_ID,
      articles: [{ shopItemId: 1101, quantity, support: 'DEMATERIALIZED' }],
      orderKey: randomUUID(),
      returnUrl: '/cart/checkout',
      ...extra,
    }),
  );
  const payment = await paymentOfOrder(testApp.current.deps.db, answer.orderId);
  const notification = testApp.current.payments.notification(payment.id, 'payment.succeeded');
  const response = await testApp.current.app.request('/payments/notifications/sandbox', {
    method: 'POST',
    headers: notification.headers,
    body: notification.body,
  });
  expect(response.status).toBe(200);
  return answer;
}

const outcomeOf = async (orderReference: string) =>
  okOf<OrderOutcome>(
    await testApp.current.call(CHECKOUT_CALLS.outcome, { networkId: LUMIERE_ID, orderReference }),
  );

const historyOf = async (buyer: Buyer, orderId: number) =>
  (
    await okOf<{ order: OrderDetail }>(
      await testApp.current.call(CHECKOUT_CALLS.history, {
        userToken: buyer.token,
        userId: buyer.user.id,
        networkId: LUMIERE_ID,
        orderId,
      }),
    )
  ).order;

describe('where an order’s tickets are, in its answers', () => {
  it('a guest’s outcome counts the line’s wallet tickets once issued, and never opens them: the return address is not the tickets reference', async () => {
    const guest = await signIn({ status: 'GUEST', email: null });
    const answer = await paidOrder(guest, 2, {
      invoiceEmail: `guest.${randomUUID().slice(0, 8)}@example.org`,
    });
    const row = await orderRowOf(testApp.current.deps.db, answer.orderId);
    await insertContracts(
      testApp.current.deps.db,
      answer.orderId,
      [{ position: 0 }, { position: 0 }],
      testApp.current.clock.now(),
    );

    const outcome = await outcomeOf(answer.orderReference);
    expect(outcome.tickets).toEqual([
      { position: 0, label: expect.any(String), count: 2, place: { delivery: 'WALLET' } },
    ]);
    // The provider sees the return address, which carries the order's reference: it must not lead to the tickets.
    expect(outcome).not.toHaveProperty('ticketsReference');
    expect(JSON.stringify(outcome)).not.toContain(row.ticketsReference);
  });

  it('a customer’s order in the account says per place how many tickets: the wallet, a card to load, an agency from its slot', async () => {
    const buyer = await signIn();
    const answer = await paidOrder(buyer, 4);
    // Completion issued the four single tickets to the wallet.
    expect((await historyOf(buyer, answer.orderId)).tickets).toEqual([
      { position: 0, label: expect.any(String), count: 4, place: { delivery: 'WALLET' } },
    ]);
    const from = new Date('2026-11-25T08:00:00.000Z');
    await insertContracts(
      testApp.current.deps.db,
      answer.orderId,
      [
        { position: 0 },
        { position: 0, delivery: 'CARD', status: 'TO_LOAD', mediaId: 7 },
        { position: 0, delivery: 'COLLECT', status: 'TO_COLLECT', collectSiteId: 11, collectFrom: from },
        { position: 0 },
      ],
      testApp.current.clock.now(),
    );
    const label = (await historyOf(buyer, answer.orderId)).lines[0]?.label;

    expect((await historyOf(buyer, answer.orderId)).tickets).toEqual([
      { position: 0, label, count: 2, place: { delivery: 'WALLET' } },
      {
        position: 0,
        label,
        count: 1,
        place: { delivery: 'CARD', mediaId: 7, cardNumber: null, loadedAt: null },
      },
      {
        position: 0,
        label,
        count: 1,
        place: {
          delivery: 'COLLECT',
          siteId: 11,
          siteName: 'Agence Gare Centrale',
          from: networkInstantText(from, 'Europe/Paris'),
        },
      },
    ]);
    const outcome = await outcomeOf(answer.orderReference);
    expect(outcome.tickets).toHaveLength(3);
  });
});
