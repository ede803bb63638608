// Contracts written straight into `tickets` for an order's lines, as the issuing would leave them:
// the documents', the order's and the email's tests read them back.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';
import { type NewTicketRow, type TicketRow, tickets } from '../../db/schema/tickets.ts';

export type TestContract = Partial<Omit<NewTicketRow, 'orderId' | 'orderLineId' | 'networkId'>> & {
  /** The line's position in its order. */
  position: number;
};

/** Inserts one contract per entry on the order's lines; answers the rows in that order. */
export async function insertContracts(
  db: Database,
  orderId: number,
  contracts: readonly TestContract[],
  now: Date,
): Promise<TicketRow[]> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  // The contracts described here replace those the order's completion issued.
  await db.delete(tickets).where(eq(tickets.orderId, orderId));
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const rows: TicketRow[] = [];
  const units = new Map<number, number>();
  for (const { position, ...contract } of contracts) {
    const line = lines.find((candidate) => candidate.position === position);
    if (!line) throw new Error(`order ${orderId} has no line at ${position}`);
    const unitIndex = units.get(position) ?? 0;
    units.set(position, unitIndex + 1);
    const [row] = await db
      .insert(tickets)
      .values({
        networkId: order.networkId,
        orderId,
        orderLineId: line.id,
        unitIndex,
        productId: line.productIds[0] ?? 5101,
        kind: 'JOURNEYS',
        holderUserId: order.userId,
        travellerUserId: line.customerId ?? order.userId,
        travellerName: 'Camille Durand',
        delivery: 'WALLET',
        status: 'ISSUED',
        journeysTotal: 1,
        journeysLeft: 1,
        createdAt: now,
        updatedAt: now,
        ...contract,
      })
      .returning();
    if (!row) throw new Error('no contract inserted');
    rows.push(row);
  }
  return rows;
}
