// Which contracts have a printed copy (decision 0030): a guest order's wallet tickets whose window
// is fixed when issued (a pass, a day ticket for its slot), issued and held by no phone. Their
// printed code is the ticket itself, on paper or on screen: the confirmation email attaches it, the
// guest's tickets page shows it, the sticker draws it, and no phone ever binds it, so there is one
// copy. A ticket activated on a phone (journeys, a first-use day) has none: a printed code could
// never be activated, and is bound to the phone that activates it instead.
import { isActivated } from '@transit-shop/sdk/tickets/fare-product';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders.ts';
import type { TicketRow } from '../../db/schema/tickets.ts';

/** Selects whether an order was a guest's (its buyer snapshot says so). */
export const isGuestOrder = sql<boolean>`coalesce((${orders.buyer} ->> 'guest')::boolean, false)`;

export function hasPrintedCopy(
  network: LoadedNetwork,
  ticket: Pick<TicketRow, 'delivery' | 'status' | 'productId' | 'deviceThumbprint'>,
  order: { readonly guest: boolean },
): boolean {
  const validity = network.catalogue.fareProducts.find(
    (fare) => fare.productId === ticket.productId,
  )?.validity;
  return (
    order.guest &&
    ticket.delivery === 'WALLET' &&
    ticket.status === 'ISSUED' &&
    ticket.deviceThumbprint === null &&
    validity !== undefined &&
    validity.kind !== 'MEDIUM' &&
    !isActivated(validity)
  );
}
