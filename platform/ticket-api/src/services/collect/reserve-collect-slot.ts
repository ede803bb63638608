// Takes one place of a pick-up slot for an order (CHK-05), inside the order's transaction. The
// slot's counter is raised only by a conditional upsert that keeps it within the site's capacity,
// so concurrent orders never overfill it; a repeated order key answers its first reservation.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { collectSlotCounters, collectSlotReservations } from '../../db/schema/collect-slots.ts';
import { localDayNumber } from '../../local-time.ts';
import { type CollectNetwork, collectSiteOf, slotsOfDay } from './collect-site.ts';
import { earliestSlotStart } from './list-collect-slots.ts';

export type CollectReservation = {
  orderKey: string;
  networkId: number;
  siteId: number;
  slotStart: Date;
  slotEnd: Date;
};

export async function reserveCollectSlot(
  tx: Database,
  options: {
    network: CollectNetwork;
    siteId: number;
    /** The start of one of the site's slots, as listCollectSlots answers it. */
    slotStart: Date | string;
    /** The order's idempotency key. */
    orderKey: string;
    now: Date;
  },
): Promise<CollectReservation> {
  const { network, siteId, orderKey, now } = options;
  const site = collectSiteOf(network, siteId);
  const start = new Date(options.slotStart).getTime();
  const slot = slotsOfDay(site, localDayNumber(start, network.timeZone), network.timeZone).find(
    (candidate) => candidate.start === start,
  );
  if (!slot || Number.isNaN(start))
    throw new AppError('INVALID_REQUEST', {
      message: `${String(options.slotStart)} is not a pick-up slot of collect site ${siteId}`,
      details: { issues: [{ path: 'slotStart', message: 'validation.invalid' }] },
    });
  const reservation = {
    orderKey,
    networkId: network.id,
    siteId,
    slotStart: new Date(slot.start),
    slotEnd: new Date(slot.end),
  };

  const [inserted] = await tx
    .insert(collectSlotReservations)
    .values({ orderKey, networkId: network.id, siteId, slotStart: reservation.slotStart, reservedAt: now })
    .onConflictDoNothing({ target: collectSlotReservations.orderKey })
    .returning({ orderKey: collectSlotReservations.orderKey });
  if (!inserted) {
    // The same order again (a retry, a double submit): its first reservation stands.
    const [existing] = await tx
      .select()
      .from(collectSlotReservations)
      .where(eq(collectSlotReservations.orderKey, orderKey));
    if (
      existing &&
      existing.networkId === network.id &&
      existing.siteId === siteId &&
      existing.slotStart.getTime() === slot.start
    )
      return reservation;
    throw new AppError('INVALID_REQUEST', {
      message: `Order ${orderKey} already holds another pick-up slot`,
      details: { issues: [{ path: 'slotStart', message: 'validation.invalid' }] },
    });
  }

  // CHK-06: checked after the repeat, so a retry still answers a slot that has come closer since.
  if (slot.start < earliestSlotStart(now).getTime()) {
    await deleteReservation(tx, orderKey);
    throw new AppError('INVALID_REQUEST', {
      message: 'A pick-up slot starts 72 hours after the order at the earliest',
      details: { issues: [{ path: 'slotStart', message: 'validation.invalid' }] },
    });
  }

  // The row lock taken by the upsert holds other orders of this slot until the transaction ends;
  // they then see the raised count and the condition refuses them once the slot is full.
  const [counter] = await tx
    .insert(collectSlotCounters)
    .values({ networkId: network.id, siteId, slotStart: reservation.slotStart, reserved: 1 })
    .onConflictDoUpdate({
      target: [collectSlotCounters.networkId, collectSlotCounters.siteId, collectSlotCounters.slotStart],
      set: { reserved: sql`${collectSlotCounters.reserved} + 1` },
      setWhere: sql`${collectSlotCounters.reserved} < ${site.pickUp.capacity}`,
    })
    .returning({ reserved: collectSlotCounters.reserved });
  if (!counter) {
    await deleteReservation(tx, orderKey);
    throw new AppError('COLLECT_SLOT_FULL');
  }
  return reservation;
}

const deleteReservation = (tx: Database, orderKey: string) =>
  tx.delete(collectSlotReservations).where(and(eq(collectSlotReservations.orderKey, orderKey)));
