// Reading an order and its first payment back from the database in the orders' tests.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';

/** The payment of an order; the test fails when it has none. */
export async function paymentOfOrder(db: Database, orderId: number) {
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error(`order ${orderId} has no payment`);
  return payment;
}

/** The order's row; the test fails when there is none. */
export async function orderRowOf(db: Database, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}
