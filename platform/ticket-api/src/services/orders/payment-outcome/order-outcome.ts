// Order/outcome.json (decision 0021): an order's outcome read by its public reference, without a
// session, so the shop shows it in whatever tab, browser or device the provider's return lands in,
// and after a reload. While the provider has not answered, its checkout is read and applied as
// acknowledge applies it (applyCheckoutState), at most once per payment every
// OUTCOME_PROVIDER_READ_MS however many pages ask; the answer holds only what the confirmation
// says, never the buyer's name, address, travellers or the provider's ids.
import { type OrderOutcome, paymentOutcomeOf } from '@transit-shop/sdk/contract/checkout';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import { type OrderRow, orderLines, orders } from '../../../db/schema/orders.ts';
import { type PaymentRow, payments } from '../../../db/schema/payments.ts';
import { ticketsOfOrder } from '../../tickets/order-tickets.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import { applyCheckoutState } from './acknowledge-payment.ts';

/** Ours: the provider is asked about one payment at most this often (the page asks every 2 s). */
export const OUTCOME_PROVIDER_READ_MS = 2000;

/** A payment whose outcome the provider may still change: its hosted page open, or a debit submitted. */
const isAwaitingProvider = (order: OrderRow, payment: PaymentRow | null): payment is PaymentRow =>
  payment !== null &&
  payment.kind === 'CHECKOUT' &&
  payment.providerCheckoutId !== null &&
  (payment.status === 'OPEN' || payment.status === 'PENDING') &&
  (order.status === 'PENDING' || order.status === 'PROCESSING');

/** A guest's invoice email as the outcome shows it: the first character and the domain. */
export function invoiceEmailHintOf(email: string | null): string | null {
  if (email === null) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

async function findOrder(deps: CheckoutDeps, network: LoadedNetwork, reference: string) {
  const [found] = await deps.db
    .select({ order: orders, payment: payments })
    .from(orders)
    .leftJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.instalmentNumber, 1)))
    .where(and(eq(orders.publicReference, reference), eq(orders.networkId, network.network.config.id)))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  return found;
}

/**
 * Claims the provider read of a payment for this caller: true when no read happened within
 * OUTCOME_PROVIDER_READ_MS (one statement, so concurrent callers and replicas get one read).
 */
async function claimProviderRead(deps: CheckoutDeps, payment: PaymentRow): Promise<boolean> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - OUTCOME_PROVIDER_READ_MS);
  const claimed = await deps.db
    .update(payments)
    .set({ providerReadAt: now })
    .where(
      and(
        eq(payments.id, payment.id),
        or(isNull(payments.providerReadAt), lte(payments.providerReadAt, before)),
      ),
    )
    .returning({ id: payments.id });
  return claimed.length > 0;
}

/** The provider's word on the payment, applied; a provider that does not answer leaves the order as it is. */
async function readProvider(deps: CheckoutDeps, checkoutId: string): Promise<void> {
  let state: Awaited<ReturnType<CheckoutDeps['payments']['getCheckout']>>;
  try {
    state = await deps.payments.getCheckout(checkoutId);
  } catch (error) {
    // The page asks again; the notification or the sweep settles the order meanwhile.
    deps.logger.warn({ err: error, checkoutId }, 'the payment provider did not tell the checkout status');
    return;
  }
  await applyCheckoutState(deps, state);
}

export async function orderOutcome(options: {
  deps: CheckoutDeps;
  network: LoadedNetwork;
  reference: string;
}): Promise<OrderOutcome> {
  const { deps, network, reference } = options;
  let found = await findOrder(deps, network, reference);
  if (!found) throw new AppError('ORDER_NOT_FOUND');
  const { order, payment } = found;
  if (
    isAwaitingProvider(order, payment) &&
    payment.providerCheckoutId !== null &&
    (await claimProviderRead(deps, payment))
  ) {
    await readProvider(deps, payment.providerCheckoutId);
    found = (await findOrder(deps, network, reference)) ?? found;
  }
  const current = found.order;
  const [lines, tickets] = await Promise.all([
    deps.db
      .select({ label: orderLines.label, quantity: orderLines.quantity, totalAmount: orderLines.totalAmount })
      .from(orderLines)
      .where(eq(orderLines.orderId, current.id))
      .orderBy(asc(orderLines.position)),
    ticketsOfOrder(deps.db, network, current, deps.cards),
  ]);
  const guest = current.buyer.guest;
  return {
    orderId: current.id,
    status: current.status,
    outcome: paymentOutcomeOf(current.status),
    paymentStatus: found.payment?.status ?? null,
    totalAmount: current.totalAmount,
    currency: current.currency,
    paymentMethod: current.paymentMethod,
    installments: current.installments,
    lines,
    guest,
    invoiceEmailHint: guest ? invoiceEmailHintOf(current.buyer.invoiceEmail) : null,
    tickets,
    createdAt: networkInstantText(current.createdAt, network.network.config.timeZone),
  };
}
