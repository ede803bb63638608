// Payment/acknowledge.json and the check of an abandoned checkout (decision 0019): the checkout's
// status read from the provider and applied as its notification would be, under an event id made of
// what was read (checkout, status, amount, currency), so reading it again changes nothing. The order
// moves only from the provider's word, never from the status in the browser's return address; a
// word that is not about the payment read (another reference, amount or currency) moves nothing.
import type { OrderStatus, PaymentStatus } from '@transit-shop/sdk/contract/checkout';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq } from 'drizzle-orm';
import { orders } from '../../../db/schema/orders.ts';
import {
  type PaymentRow,
  paymentEvents,
  payments,
  savedPaymentMethods,
} from '../../../db/schema/payments.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import type { CheckoutState } from '../../payments/payment-provider.ts';
import { type CheckoutDeps, UNSTARTED_PAYMENT_MS } from '../checkout-deps.ts';
import { runAfterCommit } from './after-commit.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { completeOrder } from './finalise-order.ts';

/**
 * Applies a checkout's status read from the provider; an open checkout changes nothing. The state
 * names its payment (merchantReference): one that is not the payment read is a mismatch of the
 * payment it names, since it carries the checkout of another (applyPaymentEvent).
 */
export async function applyCheckoutState(deps: CheckoutDeps, state: CheckoutState): Promise<void> {
  if (state.status === 'open') return;
  const result = await applyPaymentEvent({
    db: deps.db,
    cards: deps.cards,
    clock: deps.clock,
    logger: deps.logger,
    networkOf: (id) => deps.networks.settlingById(id),
    event: {
      // A read that differs in amount or currency is another event: a corrected read still applies.
      id: `ack:${state.checkoutId}:${state.status}:${state.amount}:${state.currency}`.slice(0, 200),
      provider: deps.payments.name,
      outcome: state.status,
      sequence: null,
      merchantReference: state.merchantReference,
      checkoutId: state.checkoutId,
      providerPaymentId: state.paymentId,
      money: { amount: state.amount, currency: state.currency },
      reason: null,
      savedMethod: null,
      payload: state,
    },
  });
  if (result.kind === 'awaiting-network') logAwaitingNetwork(deps, result);
  if (result.kind === 'applied') await runAfterCommit(deps, result.after, result.timeZone);
}

/** A success recorded for an order whose network is not loaded: the operator is told. */
export function logAwaitingNetwork(
  deps: Pick<CheckoutDeps, 'logger'>,
  result: { orderId: number; networkId: number },
): void {
  deps.logger.error(
    result,
    `the order ${result.orderId} is paid but its network ${result.networkId} is not loaded: it completes once the network is served again`,
  );
}

async function readCheckout(deps: CheckoutDeps, checkoutId: string): Promise<CheckoutState> {
  try {
    return await deps.payments.getCheckout(checkoutId);
  } catch (error) {
    deps.logger.error({ err: error, checkoutId }, 'the payment provider did not tell the checkout status');
    throw new AppError('PAYMENT_UNEXPECTED_ERROR');
  }
}

export async function acknowledgePayment(options: {
  deps: CheckoutDeps;
  network: LoadedNetwork;
  user: UserRow;
  orderId: number;
  checkoutId: string;
}): Promise<{ orderId: number; status: OrderStatus; paymentStatus: PaymentStatus }> {
  const { deps, network, user } = options;
  const [found] = await deps.db
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.id, options.orderId),
        eq(orders.networkId, network.network.config.id),
        eq(orders.userId, user.id),
        eq(payments.provider, deps.payments.name),
        eq(payments.providerCheckoutId, options.checkoutId),
      ),
    )
    .limit(1);
  if (!found) throw new AppError('ORDER_NOT_FOUND');
  const final = ['SUCCEEDED', 'REFUSED', 'CANCELLED', 'EXPIRED'].includes(found.payment.status);
  if (!final) await applyCheckoutState(deps, await readCheckout(deps, options.checkoutId));
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, found.order.id)).limit(1);
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, found.payment.id)).limit(1);
  return {
    orderId: found.order.id,
    status: order?.status ?? found.order.status,
    paymentStatus: payment?.status ?? found.payment.status,
  };
}

/**
 * An order's checkout read once its page must have ended (the sweep, check-due-checkouts.ts); a payment the
 * provider never started (it failed at placement and no retry of the key started it) expires, so
 * its order gives its voucher uses and collect place back. A first payment that succeeded while its
 * network was not loaded completes its order once the network is served again (decision 0025).
 * Answers 'again' when the payment is to be looked at by a later sweep whatever its status.
 */
export async function checkAbandonedCheckout(
  deps: CheckoutDeps,
  paymentId: string,
): Promise<'again' | 'done'> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (payment?.status === 'SUCCEEDED' && payment.instalmentNumber === 1)
    return completePaidOrder(deps, payment);
  if (!payment || !['OPEN', 'PENDING'].includes(payment.status)) return 'done';
  if (payment.providerCheckoutId) {
    await applyCheckoutState(deps, await readCheckout(deps, payment.providerCheckoutId));
    return 'done';
  }
  const unstarted = payment.kind === 'CHECKOUT' && payment.providerPaymentId === null;
  if (!unstarted || deps.clock.now().getTime() - payment.createdAt.getTime() < UNSTARTED_PAYMENT_MS)
    return 'done';
  const result = await applyPaymentEvent({
    db: deps.db,
    cards: deps.cards,
    clock: deps.clock,
    logger: deps.logger,
    networkOf: (id) => deps.networks.settlingById(id),
    event: {
      id: `unstarted:${payment.id}`,
      provider: deps.payments.name,
      outcome: 'expired',
      sequence: null,
      merchantReference: payment.id,
      checkoutId: null,
      providerPaymentId: null,
      money: null,
      reason: 'not_started',
      savedMethod: null,
      payload: { paymentId: payment.id },
    },
  });
  if (result.kind === 'applied') await runAfterCommit(deps, result.after, result.timeZone);
  return 'done';
}

/** The method the provider saved with a payment, as its applied success said (the order may need it for later debits). */
async function savedMethodOfPayment(deps: CheckoutDeps, payment: PaymentRow): Promise<number | null> {
  const [event] = await deps.db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.paymentId, payment.id),
        eq(paymentEvents.type, 'succeeded'),
        eq(paymentEvents.applied, true),
      ),
    )
    .limit(1);
  const token = (event?.payload as { savedMethod?: { token?: unknown } | null } | undefined)?.savedMethod
    ?.token;
  if (typeof token !== 'string') return null;
  const [method] = await deps.db
    .select({ id: savedPaymentMethods.id })
    .from(savedPaymentMethods)
    .where(
      and(eq(savedPaymentMethods.provider, payment.provider), eq(savedPaymentMethods.providerToken, token)),
    )
    .limit(1);
  return method?.id ?? null;
}

/** Completes the order of a first payment that succeeded, once its network is loaded; 'again' until then. */
async function completePaidOrder(deps: CheckoutDeps, payment: PaymentRow): Promise<'again' | 'done'> {
  const savedMethodId = await savedMethodOfPayment(deps, payment);
  const outcome = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, payment.orderId))
      .for('update')
      .limit(1);
    if (!order || !['PENDING', 'PROCESSING'].includes(order.status)) return 'done' as const;
    const network = deps.networks.settlingById(order.networkId);
    if (!network) return 'again' as const;
    const after = await completeOrder({
      db: tx,
      cards: deps.cards,
      network,
      order,
      payment,
      savedMethodId,
      now: deps.clock.now(),
      paymentEvent: { type: 'PAYMENT_SUCCEEDED', status: order.status },
    });
    return { after, timeZone: network.network.config.timeZone };
  });
  if (outcome === 'again' || outcome === 'done') return outcome;
  deps.logger.info({ orderId: payment.orderId }, 'a paid order whose network was not loaded is completed');
  await runAfterCommit(deps, outcome.after, outcome.timeZone);
  return 'done';
}
