// The tickets' tests: orders placed and paid as a shop would, the contracts they issued, and wallet
// devices with their own key pair (the browser's non-extractable WebCrypto key, here a jose pair).
import { randomUUID } from 'node:crypto';
import { CHECKOUT_CALLS, type PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import { type EcPublicJwk, signDeviceProof, ticketCode } from '@transit-shop/sdk/tickets/ticket-token';
import { asc, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { expect } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { tickets } from '../db/schema/tickets.ts';
import type { NewUserRow } from '../db/schema/users.ts';
import { okOf } from './account-test-kit.ts';
import { signedInUser } from './accounts.ts';
import { LUMIERE_ID, type TestApp } from './test-app.ts';

export type Buyer = Awaited<ReturnType<typeof signedInUser>>;
export type PaymentNotice = 'payment.pending' | 'payment.succeeded' | 'payment.refused' | 'payment.cancelled';

export const signInOn = (app: TestApp, networkId = LUMIERE_ID, user: Partial<NewUserRow> = {}) =>
  signedInUser({ db: app.deps.db, clock: app.clock, policy: app.deps.sessionPolicy, networkId, user });

/** The test clock starts on Monday 2026-11-23 at 09:00 UTC (10:00 in Lumière's Europe/Paris). */
export const ARTICLES = {
  singles: (quantity = 1) => ({ shopItemId: 1101, quantity, support: 'DEMATERIALIZED' }),
  carnet: () => ({ shopItemId: 1102, quantity: 1, support: 'DEMATERIALIZED' }),
  monthly: (startMonth = '2026-12') => ({
    shopItemId: 2101,
    quantity: 1,
    support: 'DEMATERIALIZED',
    startMonth,
  }),
  /** From a slot of Lumière's clock: 10:00 on the test clock's first day by default. */
  dayPass: (startDate = '2026-11-23', startTime = '10:00') => ({
    shopItemId: 1103,
    quantity: 1,
    support: 'DEMATERIALIZED',
    startDate,
    startTime,
  }),
} as const;

export function placing(buyer: Buyer, extra: Record<string, unknown> = {}, networkId = LUMIERE_ID) {
  return {
    userToken: buyer.token,
    userId: buyer.user.id,
    networkId,
    articles: [ARTICLES.singles()],
    orderKey: randomUUID(),
    returnUrl: '/en/cart/checkout',
    ...extra,
  };
}

export async function placeOrder(app: TestApp, payload: Record<string, unknown>): Promise<PlaceOrderAnswer> {
  return okOf<PlaceOrderAnswer>(await app.call(CHECKOUT_CALLS.placeOrder, payload));
}

/**
 * The provider's notification of the order's payment, as the sandbox sends it; `times` deliveries of
 * the same notification at once, as a provider retrying would, each answered 200.
 */
export async function notifyPayment(
  app: TestApp,
  orderId: number,
  type: PaymentNotice,
  times = 1,
): Promise<void> {
  const [payment] = await app.deps.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error(`order ${orderId} has no payment`);
  const notification = app.payments.notification(payment.id, type);
  const responses = await Promise.all(
    Array.from({ length: times }, () =>
      app.app.request('/payments/notifications/sandbox', {
        method: 'POST',
        headers: notification.headers,
        body: notification.body,
      }),
    ),
  );
  expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
}

/** A placed order paid by the provider's notification. */
export async function paidOrder(app: TestApp, payload: Record<string, unknown>): Promise<PlaceOrderAnswer> {
  const answer = await placeOrder(app, payload);
  await notifyPayment(app, answer.orderId, 'payment.succeeded');
  return answer;
}

/** The contracts an order issued, in their issue order. */
export function contractsOf(app: TestApp, orderId: number) {
  return app.deps.db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(asc(tickets.id));
}

export async function ticketsReferenceOf(app: TestApp, orderId: number): Promise<string> {
  const [order] = await app.deps.db
    .select({ reference: orders.ticketsReference })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order.reference;
}

/** A phone's wallet: its public key as it sends it, and the codes it shows. */
export type Device = {
  key: EcPublicJwk;
  /** The code shown at `now`: the token and this device's fresh proof. */
  code(token: string, tid: string, now: Date): Promise<string>;
};

export async function newDevice(): Promise<Device> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const { x, y } = await exportJWK(publicKey);
  if (!x || !y) throw new Error('no P-256 key');
  return {
    key: { kty: 'EC', crv: 'P-256', x, y },
    code: async (token, tid, now) => ticketCode(token, await signDeviceProof(tid, privateKey, now)),
  };
}
