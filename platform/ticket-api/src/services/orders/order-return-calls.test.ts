import { randomUUID } from 'node:crypto';
import type { OrderOutcome, PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import { CHECKOUT_CALLS } from '@transit-shop/sdk/contract/checkout';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import type { NewUserRow } from '../../db/schema/users.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { signedInUser } from '../../test-support/accounts.ts';
import { LUMIERE_ID, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';
import { paymentOfOrder } from './order-test-kit.ts';

const testApp = useTestApp();

type Buyer = Awaited<ReturnType<typeof signIn>>;
type Article = Record<string, unknown>;

// The test clock starts on Monday 2026-11-23 at 09:00 UTC (10:00 in Lumière's Europe/Paris).
const singles = (quantity = 2): Article => ({ shopItemId: 1101, quantity, support: 'DEMATERIALIZED' });
const monthly = (): Article => ({
  shopItemId: 2101,
  quantity: 1,
  support: 'DEMATERIALIZED',
  startMonth: '2026-12',
});

let emails = 0;
const guestEmail = () => {
  emails += 1;
  return `guest.${emails}.${randomUUID().slice(0, 8)}@example.org`;
};

const signIn = (networkId = LUMIERE_ID, user: Partial<NewUserRow> = {}) =>
  signedInUser({
    db: testApp.current.deps.db,
    clock: testApp.current.clock,
    policy: testApp.current.deps.sessionPolicy,
    networkId,
    user,
  });

const signInGuest = () => signIn(LUMIERE_ID, { status: 'GUEST', email: null });

function placing(buyer: Buyer, extra: Record<string, unknown> = {}) {
  return {
    userToken: buyer.token,
    userId: buyer.user.id,
    networkId: LUMIERE_ID,
    articles: [singles()],
    orderKey: randomUUID(),
    returnUrl: '/en/cart/checkout',
    ...extra,
  };
}

const place = (payload: Record<string, unknown>) => testApp.current.call(CHECKOUT_CALLS.placeOrder, payload);
const placed = async (payload: Record<string, unknown>) => okOf<PlaceOrderAnswer>(await place(payload));

const askOutcome = (orderReference: string, networkId = LUMIERE_ID) =>
  testApp.current.call(CHECKOUT_CALLS.outcome, { networkId, orderReference });
const outcomeOf = async (orderReference: string) => okOf<OrderOutcome>(await askOutcome(orderReference));

const paymentOf = (orderId: number) => paymentOfOrder(testApp.current.deps.db, orderId);

async function notifyPayment(
  orderId: number,
  type: Parameters<typeof testApp.current.payments.notification>[1],
) {
  const payment = await paymentOf(orderId);
  const notification = testApp.current.payments.notification(payment.id, type);
  const response = await testApp.current.app.request('/payments/notifications/sandbox', {
    method: 'POST',
    headers: notification.headers,
    body: notification.body,
  });
  expect(response.status).toBe(200);
}

/** A placed order paid by the provider's notification. */
async function paidOrder(payload: Record<string, unknown>) {
  const answer = await placed(payload);
  await notifyPayment(answer.orderId, 'payment.succeeded');
  return answer;
}

/** The orders of a user with their first payment's status: what was charged. */
async function chargesOf(userIds: number[]) {
  const rows = await testApp.current.deps.db
    .select({ orderId: orders.id, status: orders.status, payment: payments.status })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(inArray(orders.userId, userIds));
  return rows.filter((row) => row.payment === 'SUCCEEDED');
}

const checkoutsCreated = (paymentIds: string[]) =>
  [...testApp.current.payments.checkouts.values()].filter((checkout) =>
    paymentIds.includes(checkout.merchantReference),
  );

describe('Order/outcome.json', () => {
  it('the provider sends the buyer back with the order reference, long, random and its own for each order', async () => {
    const buyer = await signIn();
    const first = await placed(placing(buyer));
    const second = await placed(placing(buyer, { articles: [singles(3)] }));
    expect(first.orderReference).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.orderReference).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.orderReference).not.toBe(second.orderReference);
    const checkout = testApp.current.payments.checkoutOf((await paymentOf(first.orderId)).id);
    expect(checkout?.returnUrl).toBe(
      `http://lumiere.localhost/en/cart/checkout?order=${first.orderReference}`,
    );
  });

  it('a replay of the order key answers the same reference', async () => {
    const buyer = await signIn();
    const request = placing(buyer);
    const first = await placed(request);
    const again = await placed(request);
    expect(again.orderReference).toBe(first.orderReference);
  });

  it('a guest reads the outcome by the reference alone, without a session: what the confirmation says and nothing personal', async () => {
    const guest = await signInGuest();
    const email = guestEmail();
    const answer = await placed(placing(guest, { invoiceEmail: email, articles: [singles(3)] }));
    const waiting = await outcomeOf(answer.orderReference);
    expect(waiting).toMatchObject({ orderId: answer.orderId, status: 'PENDING', outcome: null });
    expect(waiting.paymentStatus).toBe('OPEN');

    await notifyPayment(answer.orderId, 'payment.succeeded');
    const paid = await outcomeOf(answer.orderReference);
    expect(paid).toEqual({
      orderId: answer.orderId,
      status: 'COMPLETED',
      outcome: 'CONFIRMED',
      paymentStatus: 'SUCCEEDED',
      totalAmount: 570,
      currency: 'EUR',
      paymentMethod: 'CARD',
      installments: 1,
      lines: [{ label: expect.any(String), quantity: 3, totalAmount: 570 }],
      guest: true,
      invoiceEmailHint: `g•••@example.org`,
      // Issued on completion; order-tickets.test.ts says what it holds.
      tickets: expect.any(Array),
      // On Lumière's clock (decision 0038).
      createdAt: '2026-11-23T10:00:00+01:00',
    });
    expect(JSON.stringify(paid)).not.toContain(email);
    expect(JSON.stringify(paid)).not.toContain(guest.user.customerNumber);
  });

  it("a customer's order the provider paid without notifying yet: the outcome asks the provider and applies its word once", async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer));
    const payment = await paymentOf(answer.orderId);
    const checkout = testApp.current.payments.checkoutOf(payment.id);
    if (!checkout) throw new Error('no checkout');
    testApp.current.payments.setStatus(checkout.id, 'succeeded');
    const read = testApp.current.payments.calls.getCheckout;
    const outcome = await outcomeOf(answer.orderReference);
    expect(outcome).toMatchObject({
      status: 'COMPLETED',
      outcome: 'CONFIRMED',
      guest: false,
      invoiceEmailHint: null,
    });
    expect(testApp.current.payments.calls.getCheckout).toBe(read + 1);
    // Final: asked again, the provider is not.
    testApp.current.clock.advance(5000);
    expect((await outcomeOf(answer.orderReference)).outcome).toBe('CONFIRMED');
    expect(testApp.current.payments.calls.getCheckout).toBe(read + 1);
    const events = await testApp.current.deps.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, answer.orderId));
    expect(events.filter((event) => event.type === 'COMPLETED')).toHaveLength(1);
  });

  it('the refused and cancelled outcomes, and a SEPA debit awaiting the bank', async () => {
    const buyer = await signIn();
    const refused = await placed(placing(buyer));
    await notifyPayment(refused.orderId, 'payment.refused');
    expect(await outcomeOf(refused.orderReference)).toMatchObject({ status: 'ERROR', outcome: 'FAILED' });
    const cancelled = await placed(placing(buyer, { articles: [singles(4)] }));
    await notifyPayment(cancelled.orderId, 'payment.cancelled');
    expect(await outcomeOf(cancelled.orderReference)).toMatchObject({
      status: 'CANCELED',
      outcome: 'CANCELLED',
    });
    const sepa = await placed(placing(buyer, { articles: [monthly()], paymentMethod: 'TRANSFER' }));
    await notifyPayment(sepa.orderId, 'payment.pending');
    expect(await outcomeOf(sepa.orderReference)).toMatchObject({
      status: 'PROCESSING',
      outcome: 'PENDING',
      paymentStatus: 'PENDING',
      paymentMethod: 'TRANSFER',
    });
  });

  it('the provider is asked about one payment at most every 2 s, however many pages ask at once', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer));
    const read = testApp.current.payments.calls.getCheckout;
    const answers = await Promise.all(Array.from({ length: 8 }, () => outcomeOf(answer.orderReference)));
    expect(answers.every((outcome) => outcome.outcome === null)).toBe(true);
    expect(testApp.current.payments.calls.getCheckout).toBe(read + 1);
    testApp.current.clock.advance(1000);
    await outcomeOf(answer.orderReference);
    expect(testApp.current.payments.calls.getCheckout).toBe(read + 1);
    testApp.current.clock.advance(1000);
    await outcomeOf(answer.orderReference);
    expect(testApp.current.payments.calls.getCheckout).toBe(read + 2);
  });

  it('a provider that does not answer leaves the outcome as the shop knows it, without an error', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer));
    testApp.current.payments.failing = true;
    try {
      const response = await askOutcome(answer.orderReference);
      expect(response.status).toBe(200);
      expect(await okOf<OrderOutcome>(response)).toMatchObject({ status: 'PENDING', outcome: null });
    } finally {
      testApp.current.payments.failing = false;
    }
  });

  it('an unknown reference finds nothing, a garbled one or an order number is refused, and another network finds nothing', async () => {
    const buyer = await signIn();
    const answer = await placed(placing(buyer));
    const unknown = await koOf(await askOutcome('A'.repeat(43)));
    expect([unknown.status, unknown.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    for (const garbled of [
      String(answer.orderId),
      answer.orderReference.slice(1),
      `${answer.orderReference}=`,
      `${answer.orderReference.slice(0, 42)}/`,
      '',
    ]) {
      const refused = await koOf(await askOutcome(garbled));
      expect([refused.status, refused.code], garbled).toEqual([400, 'INVALID_REQUEST']);
    }
    const elsewhere = await koOf(await askOutcome(answer.orderReference, WAHAT_ID));
    expect([elsewhere.status, elsewhere.code]).toEqual([404, 'ORDER_NOT_FOUND']);
  });
});

describe('the repeat-order question', () => {
  it('a customer who bought these lines minutes ago (another tab paid the same cart) is told when and which order before a second one; nothing is charged or opened until they confirm', async () => {
    const buyer = await signIn();
    const first = await paidOrder(placing(buyer));
    const [firstRow] = await testApp.current.deps.db
      .select()
      .from(orders)
      .where(eq(orders.id, first.orderId));
    const checkoutsBefore = testApp.current.payments.checkouts.size;
    testApp.current.clock.advanceMinutes(7);

    // The second tab's attempt: its own order key, the same lines.
    const second = placing(buyer, { paymentMethod: 'CARD', vouchers: [] });
    const asked = await koOf(await place(second));
    expect([asked.status, asked.code, asked.details]).toEqual([
      409,
      'ORDER_ALREADY_BOUGHT',
      {
        boughtMinutesAgo: 7,
        boughtAt: firstRow?.completedAt?.toISOString(),
        boughtOrderId: first.orderId,
        boughtOrderReference: first.orderReference,
      },
    ]);
    const ordersOfBuyer = () =>
      testApp.current.deps.db.select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect((await ordersOfBuyer()).map((order) => order.id)).toEqual([first.orderId]);
    expect(checkoutsCreated([(await paymentOf(first.orderId)).id])).toHaveLength(1);
    expect(testApp.current.payments.checkouts.size).toBe(checkoutsBefore);
    expect(await chargesOf([buyer.user.id])).toHaveLength(1);

    // Confirmed: placed, and its retry without the confirmation (a lost answer) is the same order.
    const confirmed = await placed({ ...second, confirmRepeat: true });
    expect(confirmed.status).toBe('PENDING');
    expect(confirmed.redirectUrl).not.toBeNull();
    expect((await placed(second)).orderId).toBe(confirmed.orderId);
    expect(await ordersOfBuyer()).toHaveLength(2);
  });

  it('a guest on another device giving the same invoice email is asked too; another email or other lines are not', async () => {
    const email = guestEmail();
    const onPhone = await signInGuest();
    const first = await paidOrder(placing(onPhone, { invoiceEmail: email }));
    testApp.current.clock.advanceMinutes(2);

    const onLaptop = await signInGuest();
    const asked = await koOf(await place(placing(onLaptop, { invoiceEmail: `  ${email.toUpperCase()} ` })));
    // Known by the email alone, the other session is not given the reference that reads the order.
    expect([asked.code, asked.details]).toEqual([
      'ORDER_ALREADY_BOUGHT',
      { boughtMinutesAgo: 2, boughtAt: expect.stringMatching(/Z$/) },
    ]);
    expect(await chargesOf([onPhone.user.id, onLaptop.user.id])).toEqual([
      { orderId: first.orderId, status: 'COMPLETED', payment: 'SUCCEEDED' },
    ]);

    await placed(placing(onLaptop, { invoiceEmail: guestEmail() }));
    await placed(placing(onLaptop, { invoiceEmail: email, articles: [singles(3)] }));
    await placed(
      placing(onLaptop, {
        invoiceEmail: email,
        articles: [{ ...singles(), support: 'PHYSICAL' }],
        delivery: {
          mode: 'SHIPPING',
          address: {
            fullname: 'Ada Lovelace',
            addressRoute: '1 rue de la Gare',
            addressPostalCode: '69001',
            addressCity: 'Lyon',
            addressState: 'Rhône',
          },
        },
      }),
    );
  });

  it('the same lines split or in another order are the same; another start date is another purchase', async () => {
    const buyer = await signIn();
    const pass = (startMonth: string, customerId: number | null = null): Article => ({
      ...monthly(),
      startMonth,
      customerId,
    });
    await paidOrder(placing(buyer, { articles: [singles(2), pass('2026-12')] }));
    const same = await koOf(
      await place(placing(buyer, { articles: [pass('2026-12', buyer.user.id), singles(1), singles(1)] })),
    );
    expect(same.code).toBe('ORDER_ALREADY_BOUGHT');
    await placed(placing(buyer, { articles: [singles(2), pass('2027-01')] }));
  });

  it('an order refused, cancelled or still on the payment page is not a purchase; a SEPA debit submitted is', async () => {
    const buyer = await signIn();
    const refused = await placed(placing(buyer));
    await notifyPayment(refused.orderId, 'payment.refused');
    const open = await placed(placing(buyer));
    expect(open.orderId).not.toBe(refused.orderId);
    await placed(placing(buyer));

    const debit = await placed(placing(buyer, { articles: [monthly()], paymentMethod: 'TRANSFER' }));
    await notifyPayment(debit.orderId, 'payment.pending');
    const asked = await koOf(
      await place(placing(buyer, { articles: [monthly()], paymentMethod: 'TRANSFER' })),
    );
    expect(asked.code).toBe('ORDER_ALREADY_BOUGHT');
  });

  it('30 minutes after the purchase the same lines are placed without a question', async () => {
    const buyer = await signIn();
    await paidOrder(placing(buyer, { articles: [singles(5)] }));
    testApp.current.clock.advanceMinutes(29);
    expect((await koOf(await place(placing(buyer, { articles: [singles(5)] })))).details).toMatchObject({
      boughtMinutesAgo: 29,
    });
    testApp.current.clock.advanceMinutes(2);
    expect((await placed(placing(buyer, { articles: [singles(5)] }))).status).toBe('PENDING');
  });
});
