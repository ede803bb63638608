// Gives back the pick-up place an order held (order cancelled, payment refused), inside the
// caller's transaction; releasing an order without a reservation does nothing.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { collectSlotCounters, collectSlotReservations } from '../../db/schema/collect-slots.ts';

/** Whether the order held a place, now free again. */
export async function releaseCollectSlot(tx: Database, options: { orderKey: string }): Promise<boolean> {
  const [released] = await tx
    .delete(collectSlotReservations)
    .where(eq(collectSlotReservations.orderKey, options.orderKey))
    .returning();
  if (!released) return false;
  await tx
    .update(collectSlotCounters)
    .set({ reserved: sql`${collectSlotCounters.reserved} - 1` })
    .where(
      and(
        eq(collectSlotCounters.networkId, released.networkId),
        eq(collectSlotCounters.siteId, released.siteId),
        eq(collectSlotCounters.slotStart, released.slotStart),
        gt(collectSlotCounters.reserved, 0),
      ),
    );
  return true;
}
