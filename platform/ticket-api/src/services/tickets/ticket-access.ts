// Which contracts a caller reaches (decision 0030): a customer's own (bought or travelled on) and
// a traveller profile's for its holder, on the call's network; a guest's by the tickets reference
// of their order. Anything else is not found, whoever's it is.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { orders } from '../../db/schema/orders.ts';
import { tickets } from '../../db/schema/tickets.ts';
import { type UserRow, users } from '../../db/schema/users.ts';

const notFound = () => new AppError('TICKET_NOT_FOUND');

/**
 * The contracts the signed-in `user` reaches when the call names `userId`: their own, or those of
 * one of their active traveller profiles. Another id is refused with `refusal`.
 */
export async function callersTickets(options: {
  db: Database;
  network: LoadedNetwork;
  user: UserRow;
  userId: number;
  refusal?: () => AppError;
}): Promise<SQL> {
  const { db, network, user, userId } = options;
  const onNetwork = eq(tickets.networkId, network.network.config.id);
  if (userId === user.id)
    return and(onNetwork, or(eq(tickets.holderUserId, user.id), eq(tickets.travellerUserId, user.id))) as SQL;
  const [profile] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.parentUserId, user.id),
        eq(users.active, true),
        ne(users.status, 'ANONYMISED'),
      ),
    )
    .limit(1);
  if (!profile) throw (options.refusal ?? notFound)();
  return and(onNetwork, eq(tickets.travellerUserId, profile.id)) as SQL;
}

/** The contracts of the guest order whose tickets reference is `reference`, on the call's network. */
export async function guestsTickets(options: {
  db: Database;
  network: LoadedNetwork;
  reference: string;
}): Promise<SQL> {
  const { db, network, reference } = options;
  const networkId = network.network.config.id;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.ticketsReference, reference), eq(orders.networkId, networkId)))
    .limit(1);
  if (!order) throw notFound();
  return and(eq(tickets.networkId, networkId), eq(tickets.orderId, order.id)) as SQL;
}
