// What an order's lines issued and where (decision 0030), for the confirmation popup, the order in
// the account and the confirmation email: one entry per line and place, in the lines' order, with
// how many contracts went there (a card's contracts loaded and waiting are two places). Empty until the order completes and its contracts are issued.
import type { ContractPlace, OrderTickets } from '@transit-shop/sdk/contract/wallet';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { mediaLinks } from '../../db/schema/media.ts';
import { type OrderRow, orderLines } from '../../db/schema/orders.ts';
import { tickets } from '../../db/schema/tickets.ts';
import type { CardRegistry } from '../card-registry/card-registry.ts';
import { contractsOnCardsOnTheirWay, loadedAtOfContracts } from './card-loadings.ts';
import { contractPlaceOf } from './contract-place.ts';

/** Two places are the same when they say the same thing. */
const placeKey = (place: ContractPlace) => JSON.stringify(place);

/** What each of the orders issued, by order id (one query; an order that issued nothing is absent). */
export async function ticketsOfOrders(
  db: Database,
  network: LoadedNetwork,
  orderIds: readonly number[],
  cards: CardRegistry,
): Promise<Map<number, OrderTickets>> {
  const byOrder = new Map<number, Map<string, OrderTickets[number]>>();
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      ticketId: tickets.id,
      networkId: tickets.networkId,
      orderId: tickets.orderId,
      position: orderLines.position,
      label: orderLines.label,
      delivery: tickets.delivery,
      mediaId: tickets.mediaId,
      cardNumber: mediaLinks.number,
      collectSiteId: tickets.collectSiteId,
      collectFrom: tickets.collectFrom,
    })
    .from(tickets)
    .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
    .leftJoin(mediaLinks, eq(mediaLinks.id, tickets.mediaId))
    .where(inArray(tickets.orderId, [...orderIds]))
    .orderBy(asc(tickets.orderId), asc(orderLines.position), asc(tickets.id));
  const loadedAt = await loadedAtOfContracts(cards, rows);
  const onItsWay = await contractsOnCardsOnTheirWay(cards, rows);
  for (const row of rows) {
    const place = contractPlaceOf(
      { ...row, loadedAt: loadedAt.get(row.ticketId) ?? null, cardOnItsWay: onItsWay.has(row.ticketId) },
      network,
    );
    const key = `${row.position}:${placeKey(place)}`;
    const entries = byOrder.get(row.orderId) ?? new Map<string, OrderTickets[number]>();
    byOrder.set(row.orderId, entries);
    const entry = entries.get(key);
    if (entry) entry.count += 1;
    else entries.set(key, { position: row.position, label: row.label, count: 1, place });
  }
  return new Map([...byOrder].map(([orderId, entries]) => [orderId, [...entries.values()]]));
}

export async function ticketsOfOrder(
  db: Database,
  network: LoadedNetwork,
  order: Pick<OrderRow, 'id'>,
  cards: CardRegistry,
): Promise<OrderTickets> {
  return (await ticketsOfOrders(db, network, [order.id], cards)).get(order.id) ?? [];
}
