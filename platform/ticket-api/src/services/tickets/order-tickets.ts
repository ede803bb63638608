// What an order's lines issued and where (decision 0030), for the confirmation popup, the order in
// the account and the confirmation email: one entry per line and place, in the lines' order, with
// how many contracts went there. Empty until the order completes and its contracts are issued.
import type { ContractPlace, OrderTickets } from '@transit-shop/sdk/contract/wallet';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type OrderRow, orderLines } from '../../db/schema/orders.ts';
import { tickets } from '../../db/schema/tickets.ts';
import { contractPlaceOf } from './contract-place.ts';

/** Two places are the same when they say the same thing. */
const placeKey = (place: ContractPlace) => JSON.stringify(place);

export async function ticketsOfOrder(
  db: Database,
  network: LoadedNetwork,
  order: Pick<OrderRow, 'id'>,
): Promise<OrderTickets> {
  const rows = await db
    .select({
      position: orderLines.position,
      label: orderLines.label,
      delivery: tickets.delivery,
      mediaId: tickets.mediaId,
      collectSiteId: tickets.collectSiteId,
      collectFrom: tickets.collectFrom,
    })
    .from(tickets)
    .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
    .where(eq(tickets.orderId, order.id))
    .orderBy(asc(orderLines.position), asc(tickets.id));
  const entries = new Map<string, OrderTickets[number]>();
  for (const row of rows) {
    const place = contractPlaceOf(row, network);
    const key = `${row.position}:${placeKey(place)}`;
    const entry = entries.get(key);
    if (entry) entry.count += 1;
    else entries.set(key, { position: row.position, label: row.label, count: 1, place });
  }
  return [...entries.values()];
}
