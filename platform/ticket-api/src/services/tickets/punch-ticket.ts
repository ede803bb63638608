// Activation (Ticket/punchTicket.json, decision 0030). In one transaction: the activation is
// recorded, unique per (ticket, activation id), so a retried tap answers the first activation
// again; then one conditional statement uses a journey (or starts a first-use day) only while the
// ticket has one left, is usable at that instant and is not held by another device. Two taps at
// once, on two devices or not, use one journey each; none goes below zero.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { isActivated } from '@transit-shop/sdk/tickets/fare-product';
import type { EcPublicJwk } from '@transit-shop/sdk/tickets/ticket-token';
import { activationWindow } from '@transit-shop/sdk/tickets/ticket-validity';
import { hasUseLeft } from '@transit-shop/sdk/tickets/wallet-phase';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type TicketRow, ticketActivations, tickets } from '../../db/schema/tickets.ts';
import { deviceThumbprintOf, fareValidityOf, walletRowOf } from './wallet-answer.ts';

/** Why a ticket that would not activate was refused, read from its row at the instant of the tap. */
export function punchRefusal(ticket: TicketRow, thumbprint: string, now: Date): AppError {
  if (ticket.delivery !== 'WALLET' || ticket.status !== 'ISSUED')
    return new AppError('TICKET_NOT_ACTIVATABLE');
  if (ticket.deviceThumbprint !== null && ticket.deviceThumbprint !== thumbprint)
    return new AppError('TICKET_ON_OTHER_DEVICE');
  if (ticket.validFrom !== null && ticket.validFrom.getTime() > now.getTime())
    return new AppError('TICKET_NOT_YET_VALID');
  // A first-use day ticket once activated has no use left: its day is running (or over), and
  // tapping again would not give another. It answers TICKET_USED_UP like a spent carnet.
  if (!hasUseLeft(ticket)) return new AppError('TICKET_USED_UP');
  return new AppError('TICKET_EXPIRED');
}

/** What the activation did: the ticket's id and when (the first tap's instant for a retry). */
export type Punched = { ticketId: number; activatedAt: Date; thumbprint: string };

export async function punchTicket(options: {
  db: Database;
  network: LoadedNetwork;
  /** What the caller reaches (ticket-access.ts). */
  reach: SQL;
  ticketId: number;
  activationId: string;
  deviceKey: EcPublicJwk;
  now: Date;
}): Promise<Punched> {
  const { db, network, reach, ticketId, activationId, deviceKey, now } = options;
  const found = await walletRowOf(db, reach, ticketId);
  if (!found) throw new AppError('TICKET_NOT_FOUND');
  const validity = fareValidityOf(network, found.ticket.productId);
  const window = validity ? activationWindow(validity, now, network.network.config.timeZone) : null;
  if (!validity || !isActivated(validity) || !window) throw new AppError('TICKET_NOT_ACTIVATABLE');
  const thumbprint = await deviceThumbprintOf(deviceKey);
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(ticketActivations)
      .values({ ticketId, activationId, activatedAt: now, validFrom: window.from, validTo: window.to })
      .onConflictDoNothing({ target: [ticketActivations.ticketId, ticketActivations.activationId] })
      .returning({ id: ticketActivations.id });
    if (!recorded) {
      const [first] = await tx
        .select({ activatedAt: ticketActivations.activatedAt })
        .from(ticketActivations)
        .where(
          and(eq(ticketActivations.ticketId, ticketId), eq(ticketActivations.activationId, activationId)),
        );
      if (!first) throw new Error('the activation vanished');
      return { ticketId, activatedAt: first.activatedAt, thumbprint };
    }
    const [used] = await tx
      .update(tickets)
      .set({
        journeysLeft: sql`${tickets.journeysLeft} - 1`,
        validFrom: window.from,
        validTo: window.to,
        deviceKey: sql`coalesce(${tickets.deviceKey}, ${JSON.stringify(deviceKey)}::jsonb)`,
        deviceThumbprint: sql`coalesce(${tickets.deviceThumbprint}, ${thumbprint})`,
        updatedAt: now,
      })
      .where(
        and(
          eq(tickets.id, ticketId),
          eq(tickets.delivery, 'WALLET'),
          eq(tickets.status, 'ISSUED'),
          or(gt(tickets.journeysLeft, 0), and(isNull(tickets.journeysLeft), isNull(tickets.validFrom))),
          gt(tickets.usableUntil, now),
          or(isNull(tickets.validFrom), lte(tickets.validFrom, now)),
          or(isNull(tickets.deviceThumbprint), eq(tickets.deviceThumbprint, thumbprint)),
        ),
      )
      .returning({ id: tickets.id });
    if (used) return { ticketId, activatedAt: now, thumbprint };
    const [current] = await tx.select().from(tickets).where(eq(tickets.id, ticketId));
    // Thrown, so the activation recorded above is rolled back with the transaction.
    throw current ? punchRefusal(current, thumbprint, now) : new AppError('TICKET_NOT_FOUND');
  });
}
