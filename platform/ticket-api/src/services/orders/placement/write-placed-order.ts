// The placed order written by one statement (decision 0019): the order, its lines, its first
// events and its payment, each insert a part of one WITH, the later ones taking the order's id from
// the first one's RETURNING. One statement is atomic on its own: a placement with nothing else to
// write (no collect place, no voucher, nothing to complete) needs no transaction round trips.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { type OrderRow, orderEvents, orderLines, orders } from '../../../db/schema/orders.ts';
import { type PaymentRow, payments } from '../../../db/schema/payments.ts';
import { builtOncePerShape, placeholderRow, type Values } from '../../../hot-path/built-once.ts';

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

const writeFreeOrder = builtOncePerShape<OrderRow[]>('write-free-order');
const writeOrderToPay =
  builtOncePerShape<{ new_order: OrderRow; new_payment: PaymentRow }[]>('write-order-to-pay');

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
  // Built once per shape (decision 0019): its values are placeholders.
  const values: Values = {};
  const order = placeholderRow('o_', rows.order, values);
  const lines = rows.lines.map((line, index) => placeholderRow(`l${index}_`, line, values));
  const events = rows.events.map((event, index) => placeholderRow(`e${index}_`, event, values));
  const payment = rows.payment ? placeholderRow('p_', rows.payment, values) : null;
  const shape = [order, ...lines, ...events, payment].map((row) => row?.shape ?? '').join('');
  const parts = () => {
    const newOrder = db.$with('new_order').as(db.insert(orders).values(order.row).returning());
    const orderId = sql<number>`(select ${sql.identifier('id')} from ${newOrder})`;
    const newLines = db
      .$with('new_lines')
      .as(db.insert(orderLines).values(lines.map((line) => ({ ...line.row, orderId }))));
    const newEvents = db
      .$with('new_events')
      .as(db.insert(orderEvents).values(events.map((event) => ({ ...event.row, orderId }))));
    return { newOrder, orderId, newLines, newEvents };
  };
  try {
    if (!payment) {
      const [written] = await writeFreeOrder(
        db,
        shape,
        () => {
          const { newOrder, newLines, newEvents } = parts();
          return db.with(newOrder, newLines, newEvents).select().from(newOrder);
        },
        values,
      );
      return written ? { order: written, payment: null } : null;
    }
    const [written] = await writeOrderToPay(
      db,
      shape,
      () => {
        const { newOrder, orderId, newLines, newEvents } = parts();
        const newPayment = db.$with('new_payment').as(
          db
            .insert(payments)
            .values({ ...payment.row, orderId })
            .returning(),
        );
        return db
          .with(newOrder, newLines, newEvents, newPayment)
          .select()
          .from(newOrder)
          .crossJoin(newPayment);
      },
      values,
    );
    return written ? { order: written.new_order, payment: written.new_payment } : null;
  } catch (error) {
    if (isUniqueViolation(error, ORDER_KEY_INDEX)) return null;
    throw error;
  }
}
