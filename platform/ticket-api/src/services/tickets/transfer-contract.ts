// wallet/transferContract (decision 0030): a wallet ticket moves to the phone asking, which makes
// the other phone's codes stale (generation + 1), done at once. Moving a contract to a transport
// card waits for the cards capability: it is refused, and the refused transfer recorded.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { EcPublicJwk } from '@transit-shop/sdk/tickets/ticket-token';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { tickets, ticketTransfers } from '../../db/schema/tickets.ts';
import { deviceThumbprintOf, walletRowOf } from './wallet-answer.ts';

export type Transferred = {
  transfer: { id: number; status: 'DONE'; target: 'DEVICE' };
  thumbprint: string;
};

export async function transferContract(options: {
  db: Database;
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
    // Transport cards come with their own capability: nothing can be loaded on one yet.
    await record({ target: 'MEDIA', status: 'ERROR', mediaId: options.mediaId ?? null });
    throw new AppError('TRANSFER_NOT_ALLOWED');
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
