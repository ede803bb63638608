// wallet/transferContract (decision 0030): a wallet ticket moves to the phone asking, which makes
// the other phone's codes stale (generation + 1), done at once. A card contract moves to another
// usable card linked to its traveller (decision 0032), waiting there for the card's next
// validation; any other move to a card is refused, and the refused transfer recorded. Neither card
// may be one linked without proof of holding it (decision 0036).
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { isTravellersCard } from '@transit-shop/sdk/media/card-for-traveller';
import type { EcPublicJwk } from '@transit-shop/sdk/tickets/ticket-token';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type MediaLinkRow, mediaLinks } from '../../db/schema/media.ts';
import { type TicketRow, tickets, ticketTransfers } from '../../db/schema/tickets.ts';
import { checkCardState } from '../card-registry/card-checks.ts';
import { type CardRegistry, CardRegistryError } from '../card-registry/card-registry.ts';
import { linkProvesHolding } from '../card-registry/link-proof.ts';
import { deviceThumbprintOf, walletRowOf } from './wallet-answer.ts';

export type Transferred = {
  transfer: { id: number; status: 'DONE'; target: 'DEVICE' | 'MEDIA' };
  /** The receiving phone; null for a move to a card. */
  thumbprint: string | null;
};

export async function transferContract(options: {
  db: Database;
  cards: CardRegistry;
  network: LoadedNetwork;
  reach: SQL;
  ticketId: number;
  target: 'DEVICE' | 'MEDIA';
  deviceKey: EcPublicJwk | undefined;
  mediaId: number | undefined;
  now: Date;
}): Promise<Transferred> {
  const { db, reach, ticketId, now } = options;
  const found = await walletRowOf(db, reach, ticketId);
  if (!found) throw new AppError('TICKET_NOT_FOUND');
  const record = (
    values: Omit<typeof ticketTransfers.$inferInsert, 'ticketId' | 'createdAt' | 'updatedAt'>,
  ) =>
    db
      .insert(ticketTransfers)
      .values({ ...values, ticketId, createdAt: now, updatedAt: now })
      .returning({ id: ticketTransfers.id });
  if (options.target === 'MEDIA') {
    const mediaId = options.mediaId ?? null;
    const target =
      mediaId === null ? null : await receivingCard({ ...options, contract: found.ticket, mediaId });
    if (!target || mediaId === null) {
      await record({ target: 'MEDIA', status: 'ERROR', mediaId });
      throw new AppError('TRANSFER_NOT_ALLOWED');
    }
    return db.transaction(async (tx) => {
      const [moved] = await tx
        .update(tickets)
        .set({ mediaId, status: 'TO_LOAD', updatedAt: now })
        .where(
          and(
            eq(tickets.id, ticketId),
            eq(tickets.delivery, 'CARD'),
            inArray(tickets.status, ['TO_LOAD', 'LOADED']),
            ne(tickets.mediaId, mediaId),
          ),
        )
        .returning({ id: tickets.id });
      if (!moved) throw new AppError('TRANSFER_NOT_ALLOWED');
      const [transfer] = await tx
        .insert(ticketTransfers)
        .values({ ticketId, target: 'MEDIA', status: 'DONE', mediaId, createdAt: now, updatedAt: now })
        .returning({ id: ticketTransfers.id });
      if (!transfer) throw new Error('the transfer was not recorded');
      return { transfer: { id: transfer.id, status: 'DONE', target: 'MEDIA' }, thumbprint: null };
    });
  }
  const deviceKey = options.deviceKey;
  if (!deviceKey) {
    throw new AppError('INVALID_REQUEST', {
      details: { issues: [{ path: 'deviceKey', message: 'The receiving phone sends its key' }] },
    });
  }
  const thumbprint = await deviceThumbprintOf(deviceKey);
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(tickets)
      .set({
        deviceKey,
        deviceThumbprint: thumbprint,
        generation: sql`${tickets.generation} + 1`,
        updatedAt: now,
      })
      .where(and(eq(tickets.id, ticketId), eq(tickets.delivery, 'WALLET'), ne(tickets.status, 'CANCELED')))
      .returning({ id: tickets.id });
    if (!moved) throw new AppError('TRANSFER_NOT_ALLOWED');
    const [transfer] = await tx
      .insert(ticketTransfers)
      .values({
        ticketId,
        target: 'DEVICE',
        status: 'DONE',
        deviceThumbprint: thumbprint,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: ticketTransfers.id });
    if (!transfer) throw new Error('the transfer was not recorded');
    return { transfer: { id: transfer.id, status: 'DONE', target: 'DEVICE' }, thumbprint };
  });
}

/**
 * The card a card contract may move to: a live link of the traveller's account, the contract's
 * traveller's by the checkout's rule (decision 0032: the holder's own card is paired with nobody, a
 * profile's with that profile), whose card is usable now (not blocked, no incident, not
 * expired); null for anything else, and for a contract not on a card.
 */
async function receivingCard(options: {
  db: Database;
  cards: CardRegistry;
  network: LoadedNetwork;
  contract: TicketRow;
  mediaId: number;
  now: Date;
}): Promise<MediaLinkRow | null> {
  const { db, contract, network } = options;
  if (contract.delivery !== 'CARD' || contract.mediaId === null || contract.mediaId === options.mediaId)
    return null;
  if (contract.status !== 'TO_LOAD' && contract.status !== 'LOADED') return null;
  const [current] = await db.select().from(mediaLinks).where(eq(mediaLinks.id, contract.mediaId)).limit(1);
  if (!current || !linkProvesHolding(current, network)) return null;
  const [link] = await db
    .select()
    .from(mediaLinks)
    .where(
      and(
        eq(mediaLinks.id, options.mediaId),
        eq(mediaLinks.networkId, contract.networkId),
        eq(mediaLinks.userId, current.userId),
        isNull(mediaLinks.removedAt),
      ),
    )
    .limit(1);
  if (!link || !linkProvesHolding(link, network)) return null;
  const traveller = { id: contract.travellerUserId, holder: contract.travellerUserId === current.userId };
  if (!isTravellersCard(link, traveller)) return null;
  try {
    checkCardState(await options.cards.findCard(contract.networkId, link.number), network, options.now);
  } catch (error) {
    if (error instanceof AppError || error instanceof CardRegistryError) return null;
    throw error;
  }
  return link;
}
