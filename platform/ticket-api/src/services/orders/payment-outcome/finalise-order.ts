// What an order's payment outcome does, inside the caller's transaction (decision 0019). Every
// change is guarded by the current status, so an outcome applied twice (a notification and the
// browser's return, a retried notification) changes the order once.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { type OrderRow, orderEvents, orders } from '../../../db/schema/orders.ts';
import { instalments, type PaymentRow, savedPaymentMethods } from '../../../db/schema/payments.ts';
import { subscriptions } from '../../../db/schema/subscriptions.ts';
import {
  builtOnce,
  builtOncePerShape,
  placeholderRow,
  placeholderValue,
  type Values,
} from '../../../hot-path/built-once.ts';
import type { CardRegistry } from '../../card-registry/card-registry.ts';
import { releaseCollectSlot } from '../../collect/release-collect-slot.ts';
import { issueShopCards } from '../../media/shop-cards.ts';
import type { SavedMethodDetails } from '../../payments/payment-provider.ts';
import { issueContracts, ticketLinesOfOrder } from '../../tickets/issue-contracts.ts';
import { invoiceLinesOfOrder, issueOrderInvoice } from '../confirmation/issue-order-invoice.ts';
import { instalmentSchedule } from '../pricing/instalment-schedule.ts';
import { releaseOrderVouchers, scopedOrderKey } from '../pricing/order-vouchers.ts';
import type { SubscriptionMail } from '../subscriptions/subscription-mail.ts';
import { settleSubscriptionsOfOrder } from '../subscriptions/subscription-of-order.ts';

type OrderStatus = OrderRow['status'];
type OrderEventType = (typeof orderEvents.$inferInsert)['type'];

/** What to do once the transaction has committed: jobs live outside it. */
export type AfterCommit = {
  /** Later instalments to debit on their due dates. */
  instalmentJobs: { instalmentId: number; dueDate: string }[];
  /** The order just completed (confirmation email). */
  completedOrderId: number | null;
  /** What subscribers are told of a renewal's refused charge (decision 0043). */
  subscriptionMails: SubscriptionMail[];
};

export const nothingAfter = (): AfterCommit => ({
  instalmentJobs: [],
  completedOrderId: null,
  subscriptionMails: [],
});

export async function recordOrderEvent(
  db: Database,
  orderId: number,
  type: OrderEventType,
  status: OrderStatus,
  at: Date,
): Promise<void> {
  await recordOrderEvents(db, orderId, [{ type, status }], at);
}

/** Events of one moment in one statement, in the order given (their ids follow it). */
export async function recordOrderEvents(
  db: Database,
  orderId: number,
  events: readonly { type: OrderEventType; status: OrderStatus }[],
  at: Date,
): Promise<void> {
  await db.insert(orderEvents).values(events.map(({ type, status }) => ({ orderId, type, status, at })));
}

/** Moves the order from one of `from` to `to`; answers the row moved, or null when it was elsewhere. */
export async function moveOrder(
  db: Database,
  orderId: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  now: Date,
): Promise<OrderRow | null> {
  const [moved] = await db
    .update(orders)
    .set({ status: to, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning();
  return moved ?? null;
}

/** Stores a method the provider saved for a customer; one stored already (the same token) is answered again. */
export async function storeSavedMethod(
  db: Database,
  options: { userId: number; networkId: number; provider: string; details: SavedMethodDetails; now: Date },
): Promise<number | null> {
  const { provider, details, now } = options;
  const [inserted] = await db
    .insert(savedPaymentMethods)
    .values({
      userId: options.userId,
      networkId: options.networkId,
      provider,
      providerToken: details.token,
      kind: details.kind,
      brand: details.kind === 'CARD' ? details.brand : null,
      last4: details.kind === 'CARD' ? details.last4 : details.ibanLast4,
      expMonth: details.kind === 'CARD' ? details.expMonth : null,
      expYear: details.kind === 'CARD' ? details.expYear : null,
      holder: details.holder,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: savedPaymentMethods.id });
  if (inserted) return inserted.id;
  const [known] = await db
    .select({ id: savedPaymentMethods.id })
    .from(savedPaymentMethods)
    .where(
      and(eq(savedPaymentMethods.provider, provider), eq(savedPaymentMethods.providerToken, details.token)),
    )
    .limit(1);
  return known?.id ?? null;
}

/**
 * Keeps a method the provider saved, when the buyer asked for it or instalments need it; a method
 * already kept (the same token) is answered again. Never for a guest (AUTH-04).
 */
export async function keepSavedMethod(
  db: Database,
  order: OrderRow,
  provider: string,
  details: SavedMethodDetails,
  now: Date,
): Promise<number | null> {
  if (order.buyer.guest || !(order.saveMethod || order.installments > 1)) return null;
  const id = await storeSavedMethod(db, {
    userId: order.userId,
    networkId: order.networkId,
    provider,
    details,
    now,
  });
  if (id !== null) {
    // Later instalments and renewals are charged to it (a status read on the return may have come
    // first, without it).
    await db
      .update(instalments)
      .set({ savedPaymentMethodId: id, updatedAt: now })
      .where(and(eq(instalments.orderId, order.id), isNull(instalments.savedPaymentMethodId)));
    await db
      .update(subscriptions)
      .set({ savedPaymentMethodId: id, updatedAt: now })
      .where(and(eq(subscriptions.orderId, order.id), isNull(subscriptions.savedPaymentMethodId)));
  }
  return id;
}

/** An order COMPLETED and TO_PROCESS, unless past this point; its lines come back with it, for the invoice and the tickets. */
const markCompleted = builtOnce('mark-order-completed', (db) => {
  const now = placeholderValue<Date>('now');
  return db
    .update(orders)
    .set({ status: 'COMPLETED', processStatus: 'TO_PROCESS', completedAt: now, updatedAt: now })
    .where(and(eq(orders.id, sql.placeholder('orderId')), inArray(orders.status, ['PENDING', 'PROCESSING'])))
    .returning({
      ...getTableColumns(orders),
      invoiceLines: invoiceLinesOfOrder,
      ticketLines: ticketLinesOfOrder,
    });
});

const recordEventsAndInstalments = builtOncePerShape<{ id: number; number: number; dueDate: string }[]>(
  'record-events-and-instalments',
);

/**
 * The order paid (or with nothing to pay): COMPLETED and TO_PROCESS, its instalment plan written
 * (the first PAID by this payment, the next ones SCHEDULED, PAY-02). Answers what to do after the
 * commit; nothing when the order was already past this point.
 */
export async function completeOrder(options: {
  db: Database;
  /** Issues the cards the order bought (shop-cards.ts). */
  cards: CardRegistry;
  network: LoadedNetwork;
  order: OrderRow;
  payment: PaymentRow | null;
  savedMethodId: number | null;
  now: Date;
  /** The payment's own event, recorded before COMPLETED (in the same statement). */
  paymentEvent?: { type: OrderEventType; status: OrderStatus };
}): Promise<AfterCommit> {
  const { db, network, order, payment, now } = options;
  const [completed] = await markCompleted(db, { orderId: order.id, now });
  const after = nothingAfter();
  const events = options.paymentEvent ? [options.paymentEvent] : [];
  if (!completed) {
    if (events.length > 0) await recordOrderEvents(db, order.id, events, now);
    return after;
  }
  after.completedOrderId = completed.id;
  const { invoiceLines, ticketLines, ...completedOrder } = completed;
  // The status move guards it: a duplicate outcome finds the order completed and issues nothing.
  await issueContracts({ db, network, order: completedOrder, lines: ticketLines, now });
  await issueShopCards({ db, cards: options.cards, network, order: completedOrder, lines: ticketLines, now });
  await settleSubscriptionsOfOrder({
    db,
    network,
    order: completedOrder,
    savedMethodId: options.savedMethodId,
    now,
  });
  const completedEvents = [...events, { type: 'COMPLETED', status: 'COMPLETED' } as const];
  if (!payment) {
    await recordOrderEvents(db, order.id, completedEvents, now);
  } else {
    const schedule = instalmentSchedule({
      totalAmount: order.totalAmount,
      installments: order.installments,
      now: order.createdAt,
      timeZone: network.network.config.timeZone,
    });
    const savedMethodId = options.savedMethodId ?? order.savedPaymentMethodId;
    // The events and the instalment plan in one statement, built once per shape.
    const values: Values = {};
    const eventRows = completedEvents.map((event, index) =>
      placeholderRow(`e${index}_`, { ...event, orderId: order.id, at: now }, values),
    );
    const instalmentRows = schedule.map((debit, index) =>
      placeholderRow(
        `i${index}_`,
        {
          orderId: order.id,
          number: index + 1,
          dueDate: debit.dueDate,
          amount: debit.amount,
          status: index === 0 ? ('PAID' as const) : ('SCHEDULED' as const),
          savedPaymentMethodId: savedMethodId,
          paymentId: index === 0 ? payment.id : null,
          paidAt: index === 0 ? now : null,
          createdAt: now,
          updatedAt: now,
        },
        values,
      ),
    );
    const shape = [...eventRows, ...instalmentRows].map((row) => row.shape).join('');
    const rows = await recordEventsAndInstalments(
      db,
      shape,
      () => {
        const recordedEvents = db
          .$with('recorded_events')
          .as(db.insert(orderEvents).values(eventRows.map((row) => row.row)));
        return db
          .with(recordedEvents)
          .insert(instalments)
          .values(instalmentRows.map((row) => row.row))
          .onConflictDoNothing()
          .returning({ id: instalments.id, number: instalments.number, dueDate: instalments.dueDate });
      },
      values,
    );
    after.instalmentJobs = rows
      .filter((row) => row.number > 1)
      .map((row) => ({ instalmentId: row.id, dueDate: row.dueDate }));
  }
  // Numbered in this transaction: a rollback gives the number back (gapless, decision 0020). Last
  // of its work, so that the network's counter stays locked (and other orders wait) for as little
  // as the invoice itself until the commit.
  await issueOrderInvoice({ db, network, order: completedOrder, lines: invoiceLines, now });
  return after;
}

/** The payment refused or cancelled: the order ERROR or CANCELED, its voucher uses and collect place given back. */
export async function failOrder(options: {
  db: Database;
  order: OrderRow;
  to: 'ERROR' | 'CANCELED';
  event: OrderEventType;
  now: Date;
}): Promise<boolean> {
  const { db, order, to, now } = options;
  const moved = await moveOrder(db, order.id, ['PENDING', 'PROCESSING'], to, now);
  if (!moved) return false;
  await recordOrderEvent(db, order.id, options.event, to, now);
  await releaseOrderVouchers(db, scopedOrderKey(order), order.vouchers);
  await releaseCollectSlot(db, { orderKey: scopedOrderKey(order) });
  return true;
}
