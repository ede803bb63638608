// Issuing (decision 0030): the contracts a completed order gives, written in the completing
// transaction. One row per article line, unit and fare product that is not the card itself;
// unique on (line, unit, product), so issuing again issues nothing. The lines are read with the
// order's status move (ticketLinesOfOrder) and the rows go in one statement: it runs on the
// checkout's hot path.

import { issuedValidity } from '@transit-shop/sdk/tickets/ticket-validity';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type OrderRow, orderLines, orders } from '../../db/schema/orders.ts';
import { type NewTicketRow, tickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';

/** An order line as issuing reads it, with its traveller's name. */
export type TicketLineOfOrder = {
  id: number;
  kind: string;
  shopItemId: number;
  productIds: number[];
  support: string | null;
  customerId: number | null;
  mediaId: number | null;
  startMonth: string | null;
  startingAt: string | null;
  quantity: number;
  /** The traveller's account name (the line's customer, else the order's user); null when blank. */
  travellerName: string | null;
};

/**
 * The order's lines as issuing reads them, for a statement on `orders` that reads them with the
 * order (its id and user named with the table).
 */
export const ticketLinesOfOrder = sql<TicketLineOfOrder[]>`(
  select coalesce(json_agg(json_build_object(
    'id', ${orderLines.id}, 'kind', ${orderLines.kind}, 'shopItemId', ${orderLines.shopItemId},
    'productIds', ${orderLines.productIds}, 'support', ${orderLines.support},
    'customerId', ${orderLines.customerId}, 'mediaId', ${orderLines.mediaId},
    'startMonth', ${orderLines.startMonth}, 'startingAt', ${orderLines.startingAt},
    'quantity', ${orderLines.quantity},
    'travellerName', (select nullif(btrim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')
      from ${users} where ${users.id} = coalesce(${orderLines.customerId},
        ${orders}.${sql.identifier(orders.userId.name)}))
  ) order by ${orderLines.position}), '[]'::json)
  from ${orderLines} where ${orderLines.orderId} = ${orders}.${sql.identifier(orders.id.name)})`;

const NAME_MAX = 120;

/** The name printed for a traveller: their account's, else the guest buyer's as the order recorded it. */
function travellerNameOf(line: TicketLineOfOrder, order: OrderRow): string {
  const recorded = [order.buyer.firstName, order.buyer.lastName].filter(Boolean).join(' ').trim();
  const name = line.travellerName ?? (line.customerId === null ? recorded : '');
  return name.slice(0, NAME_MAX);
}

/** The fare products one unit of the line gives: its item's products, else the line's ids. */
function productsOfLine(network: LoadedNetwork, line: TicketLineOfOrder) {
  const item = network.catalogue.shopItems.find((candidate) => candidate.shopItemId === line.shopItemId);
  const products = item
    ? item.products.map((product) => ({ productId: product.productId, quantity: product.quantity }))
    : line.productIds.map((productId) => ({ productId, quantity: 1 }));
  return { item, products };
}

/** The rows the order issues (none for a fee, an option or a card). */
export function contractRowsOf(options: {
  network: LoadedNetwork;
  order: OrderRow;
  lines: readonly TicketLineOfOrder[];
  now: Date;
}): NewTicketRow[] {
  const { network, order, now } = options;
  const timeZone = network.network.config.timeZone;
  const delivery = order.delivery;
  const rows: NewTicketRow[] = [];
  for (const line of options.lines) {
    if (line.kind !== 'ARTICLE') continue;
    const { item, products } = productsOfLine(network, line);
    const travellerName = travellerNameOf(line, order);
    const place: Pick<NewTicketRow, 'delivery' | 'status' | 'mediaId' | 'collectSiteId' | 'collectFrom'> =
      line.support === 'DEMATERIALIZED'
        ? { delivery: 'WALLET', status: 'ISSUED' }
        : delivery?.mode === 'COLLECT'
          ? {
              delivery: 'COLLECT',
              status: 'TO_COLLECT',
              collectSiteId: delivery.siteId,
              collectFrom: new Date(delivery.slotStart),
            }
          : { delivery: 'CARD', status: 'TO_LOAD', mediaId: line.mediaId };
    for (const product of products) {
      const fare = network.catalogue.fareProducts.find(
        (candidate) => candidate.productId === product.productId,
      );
      if (!fare || fare.validity.kind === 'MEDIUM') continue;
      const validity = issuedValidity({
        validity: fare.validity,
        item: { pivotType: item?.pivotType ?? null, pivotValue: item?.pivotValue ?? null },
        start: { startMonth: line.startMonth, startingAt: line.startingAt },
        productQuantity: product.quantity,
        issuedAt: now,
        timeZone,
      });
      for (let unitIndex = 0; unitIndex < line.quantity; unitIndex += 1) {
        rows.push({
          networkId: order.networkId,
          orderId: order.id,
          orderLineId: line.id,
          unitIndex,
          productId: product.productId,
          kind: fare.validity.kind,
          holderUserId: order.userId,
          travellerUserId: line.customerId ?? order.userId,
          travellerName,
          ...place,
          validFrom: validity.window?.from ?? null,
          validTo: validity.window?.to ?? null,
          usableUntil: validity.usableUntil,
          journeysTotal: validity.journeys,
          journeysLeft: validity.journeys,
          createdAt: now,
          updatedAt: now,
        });
      }
    }
  }
  return rows;
}

/** Issues the completed order's contracts, in the caller's transaction; answers how many were new. */
export async function issueContracts(options: {
  db: Database;
  network: LoadedNetwork;
  order: OrderRow;
  lines: readonly TicketLineOfOrder[];
  now: Date;
}): Promise<number> {
  const rows = contractRowsOf(options);
  if (rows.length === 0) return 0;
  const inserted = await options.db
    .insert(tickets)
    .values(rows)
    .onConflictDoNothing({ target: [tickets.orderLineId, tickets.unitIndex, tickets.productId] })
    .returning({ id: tickets.id });
  return inserted.length;
}
