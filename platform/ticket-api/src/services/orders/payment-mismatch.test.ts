// The provider's word checked against the payment it names (decision 0022): a validly signed
// notification, or a checkout state read on the browser's return or by the sweep, whose amount,
// currency, checkout or provider payment is not its payment's completes nothing; it is recorded as
// a mismatch, logged as an error, and a notification is still answered 200 so the provider stops.
import { randomUUID } from 'node:crypto';
import type { PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import { CHECKOUT_CALLS } from '@transit-shop/sdk/contract/checkout';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { instalments, paymentEvents } from '../../db/schema/payments.ts';
import { okOf } from '../../test-support/account-test-kit.ts';
import { signedInUser } from '../../test-support/accounts.ts';
import { VISA_SAVED } from '../../test-support/fake-payment-provider.ts';
import { LOG_ERROR, LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { paymentOfOrder } from './order-test-kit.ts';
import { chargeInstalment } from './payment-outcome/charge-instalment.ts';
import { checkDueCheckouts } from './payment-outcome/check-due-checkouts.ts';

const testApp = useTestApp();

type Buyer = Awaited<ReturnType<typeof signIn>>;
type NotificationOptions = Parameters<typeof testApp.current.payments.notification>[2];

const signIn = () =>
  signedInUser({
    db: testApp.current.deps.db,
    clock: testApp.current.clock,
    policy: testApp.current.deps.sessionPolicy,
    networkId: LUMIERE_ID,
  });

/** An order of single tickets (1.90 EUR each) on Lumière, paid on the provider's page. */
async function placeOrder(buyer: Buyer, extra: Record<string, unknown> = {}) {
  return okOf<PlaceOrderAnswer>(
    await testApp.current.call(CHECKOUT_CALLS.placeOrder, {
      userToken: buyer.token,
      userId: buyer.user.id,
      networkId: LUMIERE_ID,
      articles: [{ shopItemId: 1101, quantity: 2, support: 'DEMATERIALIZED' }],
      orderKey: randomUUID(),
      returnUrl: '/cart/checkout',
      ...extra,
    }),
  );
}

const paymentOf = (orderId: number) => paymentOfOrder(testApp.current.deps.db, orderId);

async function orderStatus(orderId: number) {
  const [order] = await testApp.current.deps.db.select().from(orders).where(eq(orders.id, orderId));
  return order?.status;
}

/** Sends a notification signed the sandbox's way to the notification route. */
async function notify(
  paymentId: string,
  type: 'payment.succeeded' | 'payment.pending',
  options: NotificationOptions = {},
) {
  const notification = testApp.current.payments.notification(paymentId, type, options);
  const response = await testApp.current.app.request('/payments/notifications/sandbox', {
    method: 'POST',
    headers: notification.headers,
    body: notification.body,
  });
  return { response, eventId: notification.eventId };
}

async function eventRow(eventId: string) {
  const [row] = await testApp.current.deps.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.id, eventId));
  return row;
}

const mismatchLogs = () =>
  testApp.current.logs.filter(
    (line) => line.level === LOG_ERROR && line.msg.startsWith('a payment event does not match its payment'),
  );

describe('a notification that does not match its payment', () => {
  it('a signed notification for a lower amount does not complete the order', async () => {
    const buyer = await signIn();
    const answer = await placeOrder(buyer);
    const payment = await paymentOf(answer.orderId);
    expect([payment.amount, payment.currency]).toEqual([380, 'EUR']);
    const logged = mismatchLogs().length;

    const { response, eventId } = await notify(payment.id, 'payment.succeeded', { amount: 1 });
    // Answered so that the provider stops retrying.
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', response: { result: 'mismatch' } });
    expect(await orderStatus(answer.orderId)).toBe('PENDING');
    expect((await paymentOf(answer.orderId)).status).toBe('OPEN');
    expect(await eventRow(eventId)).toMatchObject({
      paymentId: payment.id,
      type: 'succeeded',
      applied: false,
      mismatch: {
        fields: ['amount'],
        expected: { amount: 380, currency: 'EUR' },
        received: { amount: 1, currency: 'EUR' },
        heldBy: null,
      },
    });
    const logs = mismatchLogs().slice(logged);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ eventId, paymentId: payment.id, orderId: answer.orderId });

    // The provider retries the same event: nothing more happens.
    const again = testApp.current.payments.notification(payment.id, 'payment.succeeded', {
      amount: 1,
      eventId,
    });
    const retried = await testApp.current.app.request('/payments/notifications/sandbox', {
      method: 'POST',
      headers: again.headers,
      body: again.body,
    });
    expect(retried.status).toBe(200);
    expect(await orderStatus(answer.orderId)).toBe('PENDING');

    // The provider's correct word still settles the order.
    expect((await notify(payment.id, 'payment.succeeded')).response.status).toBe(200);
    expect(await orderStatus(answer.orderId)).toBe('COMPLETED');
  });

  it('a signed notification for a higher amount does not complete the order', async () => {
    const buyer = await signIn();
    const answer = await placeOrder(buyer);
    const payment = await paymentOf(answer.orderId);
    const { response, eventId } = await notify(payment.id, 'payment.succeeded', {
      amount: payment.amount + 1,
    });
    expect(response.status).toBe(200);
    expect(await orderStatus(answer.orderId)).toBe('PENDING');
    expect((await paymentOf(answer.orderId)).status).toBe('OPEN');
    expect((await eventRow(eventId))?.mismatch).toMatchObject({
      fields: ['amount'],
      received: { amount: payment.amount + 1 },
    });
    expect(mismatchLogs().some((line) => line.eventId === eventId)).toBe(true);
  });

  it('a signed notification in another currency does not complete the order', async () => {
    const buyer = await signIn();
    const answer = await placeOrder(buyer);
    const payment = await paymentOf(answer.orderId);
    const { response, eventId } = await notify(payment.id, 'payment.succeeded', { currency: 'MAD' });
    expect(response.status).toBe(200);
    expect(await orderStatus(answer.orderId)).toBe('PENDING');
    expect(await eventRow(eventId)).toMatchObject({
      applied: false,
      mismatch: {
        fields: ['currency'],
        expected: { amount: 380, currency: 'EUR' },
        received: { amount: 380, currency: 'MAD' },
      },
    });
    expect(mismatchLogs().some((line) => line.eventId === eventId)).toBe(true);
  });

  it("a signed notification naming one order but carrying another order's payment completes neither", async () => {
    const buyer = await signIn();
    const first = await placeOrder(buyer);
    const second = await placeOrder(buyer, {
      articles: [{ shopItemId: 1101, quantity: 3, support: 'DEMATERIALIZED' }],
    });
    const firstPayment = await paymentOf(first.orderId);
    const secondPayment = await paymentOf(second.orderId);
    const secondCheckout = testApp.current.payments.checkoutOf(secondPayment.id);
    if (!secondCheckout) throw new Error('no checkout');
    const otherIds = { checkoutId: secondCheckout.id, paymentId: secondCheckout.paymentId };

    // The first order's reference with the second's checkout, provider payment and amount.
    const whole = await notify(firstPayment.id, 'payment.succeeded', {
      ...otherIds,
      amount: secondPayment.amount,
    });
    expect(whole.response.status).toBe(200);
    expect((await eventRow(whole.eventId))?.mismatch).toMatchObject({
      fields: ['amount', 'checkoutId'],
      expected: { amount: firstPayment.amount, checkoutId: firstPayment.providerCheckoutId },
      received: { amount: secondPayment.amount, checkoutId: secondCheckout.id },
      heldBy: secondPayment.id,
    });
    // The first order's reference and amount with the second's checkout.
    const checkoutOnly = await notify(firstPayment.id, 'payment.succeeded', otherIds);
    expect(checkoutOnly.response.status).toBe(200);
    expect((await eventRow(checkoutOnly.eventId))?.mismatch?.fields).toEqual(['checkoutId']);
    expect([await orderStatus(first.orderId), await orderStatus(second.orderId)]).toEqual([
      'PENDING',
      'PENDING',
    ]);

    // Once the second payment has its provider payment, the first's own checkout with that payment.
    expect((await notify(secondPayment.id, 'payment.pending')).response.status).toBe(200);
    const paymentOnly = await notify(firstPayment.id, 'payment.succeeded', {
      paymentId: secondCheckout.paymentId,
    });
    expect(paymentOnly.response.status).toBe(200);
    expect((await eventRow(paymentOnly.eventId))?.mismatch).toMatchObject({
      fields: ['providerPaymentId'],
      heldBy: secondPayment.id,
    });
    expect([await orderStatus(first.orderId), await orderStatus(second.orderId)]).toEqual([
      'PENDING',
      'PROCESSING',
    ]);
    expect((await paymentOf(first.orderId)).status).toBe('OPEN');
    expect((await paymentOf(second.orderId)).status).toBe('PENDING');
    for (const eventId of [whole.eventId, checkoutOnly.eventId, paymentOnly.eventId]) {
      expect(mismatchLogs().some((line) => line.eventId === eventId)).toBe(true);
    }
  });

  it("a later instalment's charge notified for another amount does not mark it paid", async () => {
    const buyer = await signIn();
    const answer = await placeOrder(buyer, {
      articles: [{ shopItemId: 2103, quantity: 1, support: 'DEMATERIALIZED', startMonth: '2027-01' }],
      installments: 3,
    });
    const first = await paymentOf(answer.orderId);
    await notify(first.id, 'payment.succeeded', { savedMethod: VISA_SAVED });
    expect(await orderStatus(answer.orderId)).toBe('COMPLETED');
    const { db } = testApp.current.deps;
    const plan = await db.select().from(instalments).where(eq(instalments.orderId, answer.orderId));
    const second = plan.find((row) => row.number === 2);
    if (!second) throw new Error('the plan has a second instalment');
    await chargeInstalment(testApp.current.deps, second.id);
    const secondPaymentId = (await db.select().from(instalments).where(eq(instalments.id, second.id)))[0]
      ?.paymentId;
    if (!secondPaymentId) throw new Error('the second instalment was not charged');

    // The first instalment's amount, not the second's own.
    const { response, eventId } = await notify(secondPaymentId, 'payment.succeeded', {
      amount: first.amount,
    });
    expect(response.status).toBe(200);
    expect((await eventRow(eventId))?.mismatch).toMatchObject({
      fields: ['amount'],
      expected: { amount: second.amount },
      received: { amount: first.amount },
    });
    const [after] = await db.select().from(instalments).where(eq(instalments.id, second.id));
    expect(after?.status).toBe('PENDING');
    expect(mismatchLogs().some((line) => line.eventId === eventId)).toBe(true);

    await notify(secondPaymentId, 'payment.succeeded');
    const [paid] = await db.select().from(instalments).where(eq(instalments.id, second.id));
    expect(paid?.status).toBe('PAID');
  });
});

describe('a checkout state that does not match its payment', () => {
  it('the browser return with a checkout state for another amount does not complete the order', async () => {
    const buyer = await signIn();
    const answer = await placeOrder(buyer);
    const payment = await paymentOf(answer.orderId);
    const checkout = testApp.current.payments.checkoutOf(payment.id);
    if (!checkout) throw new Error('no checkout');
    const acknowledge = () =>
      testApp.current.call(CHECKOUT_CALLS.acknowledge, {
        userToken: buyer.token,
        userId: buyer.user.id,
        networkId: LUMIERE_ID,
        orderId: answer.orderId,
        checkoutId: checkout.id,
      });
    testApp.current.payments.setStatus(checkout.id, 'succeeded');
    checkout.amount = 1;
    const logged = mismatchLogs().length;
    expect(await okOf(await acknowledge())).toEqual({
      orderId: answer.orderId,
      status: 'PENDING',
      paymentStatus: 'OPEN',
    });
    const recorded = await testApp.current.deps.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      type: 'succeeded',
      applied: false,
      mismatch: { fields: ['amount'], expected: { amount: 380 }, received: { amount: 1 } },
    });
    expect(mismatchLogs().slice(logged)).toHaveLength(1);

    // Another currency, read by the minute's sweep once the page must have ended: still nothing.
    checkout.amount = 380;
    checkout.currency = 'MAD';
    testApp.current.clock.advance(32 * 60_000);
    await checkDueCheckouts(testApp.current.deps);
    expect(await orderStatus(answer.orderId)).toBe('PENDING');
    expect(mismatchLogs().slice(logged)).toHaveLength(2);
    expect(mismatchLogs().at(-1)?.mismatch).toMatchObject({ fields: ['currency'] });

    // The provider's correct state still settles it.
    checkout.currency = 'EUR';
    expect(await okOf(await acknowledge())).toMatchObject({
      status: 'COMPLETED',
      paymentStatus: 'SUCCEEDED',
    });
  });
});
