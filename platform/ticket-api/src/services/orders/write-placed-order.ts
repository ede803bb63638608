// The placed order written by one statement (decision 0019): the order, its lines, its first
// events and its payment, each insert a part of one WITH, the later ones taking the order's id from
// the first one's RETURNING. One statement is atomic on its own: a placement with nothing else to
// write (no collect place, no voucher, nothing to complete) needs no transaction round trips.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type OrderRow, orderEvents, orderLines, orders } from '../../db/schema/orders.ts';
import { type PaymentRow, payments } from '../../db/schema/payments.ts';

/** The unique index of (network, customer, orderKey): the same key placed twice. */
const ORDER_KEY_INDEX = 'orders_network_user_key';

export type PlacedOrderRows = {
  order: typeof orders.$inferInsert;
  lines: Omit<typeof orderLines.$inferInsert, 'orderId'>[];
  /** In the order given (their ids follow it). */
  events: Omit<typeof orderEvents.$inferInsert, 'orderId'>[];
  /** Null when there is nothing to pay. */
  payment: Omit<typeof payments.$inferInsert, 'orderId'> | null;
};

/**
 * Writes the order and answers it with its payment; null when the key was placed already (the
 * unique index refuses the second order: PostgreSQL makes a concurrent placement of the same key
 * wait for the first one's commit). Inside a transaction such a refusal aborts it: the caller
 * gives it up as a whole.
 */
export async function writePlacedOrder(
  db: Database,
  rows: PlacedOrderRows,
): Promise<{ order: OrderRow; payment: PaymentRow | null } | null> {
  const newOrder = db.$with('new_order').as(db.insert(orders).values(rows.order).returning());
  const orderId = sql<number>`(select ${sql.identifier('id')} from ${newOrder})`;
  const newLines = db
    .$with('new_lines')
    .as(db.insert(orderLines).values(rows.lines.map((line) => ({ ...line, orderId }))));
  const newEvents = db
    .$with('new_events')
    .as(db.insert(orderEvents).values(rows.events.map((event) => ({ ...event, orderId }))));
  try {
    if (!rows.payment) {
      const [written] = await db.with(newOrder, newLines, newEvents).select().from(newOrder);
      return written ? { order: written, payment: null } : null;
    }
    const newPayment = db.$with('new_payment').as(
      db
        .insert(payments)
        .values({ ...rows.payment, orderId })
        .returning(),
    );
    const [written] = await db
      .with(newOrder, newLines, newEvents, newPayment)
      .select()
      .from(newOrder)
      .crossJoin(newPayment);
    return written ? { order: written.new_order, payment: written.new_payment } : null;
  } catch (error) {
    if (isUniqueViolation(error, ORDER_KEY_INDEX)) return null;
    throw error;
  }
}
