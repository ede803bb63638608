// The pick-up slots a buyer may choose at a collect site (CHK-05, CHK-06), with the orders each can
// still take: local days of the network's time zone, the earliest slot 72 hours after now.
import { COLLECT_READY_HOURS, COLLECT_SLOT_DAYS, type CollectSlot } from '@transit-shop/sdk/contract/collect';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { collectSlotCounters } from '../../db/schema/collect-slots.ts';
import { dayOfIsoDate, localDayNumber } from '../../local-time.ts';
import { type CollectNetwork, collectSiteOf, type SlotTimes, slotsOfDay } from './collect-site.ts';

/** CHK-06: the tickets are ready 48 to 72 hours after the order; a slot starts after the latest. */
export const earliestSlotStart = (now: Date) => new Date(now.getTime() + COLLECT_READY_HOURS * 3_600_000);

/** The slots a buyer may choose now, from the earliest on (reservation checks a slot against these). */
export function choosableSlots(options: {
  network: CollectNetwork;
  siteId: number;
  now: Date;
  /** The first local day (YYYY-MM-DD); the day of the earliest slot by default. */
  from?: string | undefined;
  days?: number;
}): SlotTimes[] {
  const { network, now } = options;
  const site = collectSiteOf(network, options.siteId);
  const earliest = earliestSlotStart(now).getTime();
  const first = options.from ? dayOfIsoDate(options.from) : localDayNumber(earliest, network.timeZone);
  const slots: SlotTimes[] = [];
  for (let day = first; day < first + (options.days ?? COLLECT_SLOT_DAYS); day++)
    for (const slot of slotsOfDay(site, day, network.timeZone)) if (slot.start >= earliest) slots.push(slot);
  return slots;
}

export async function listCollectSlots(
  db: Database,
  options: { network: CollectNetwork; siteId: number; now: Date; from?: string | undefined; days?: number },
): Promise<CollectSlot[]> {
  const { network, siteId } = options;
  const { capacity } = collectSiteOf(network, siteId).pickUp;
  const slots = choosableSlots(options);
  const first = slots[0];
  const last = slots.at(-1);
  if (!first || !last) return [];
  const counters = await db
    .select({ slotStart: collectSlotCounters.slotStart, reserved: collectSlotCounters.reserved })
    .from(collectSlotCounters)
    .where(
      and(
        eq(collectSlotCounters.networkId, network.id),
        eq(collectSlotCounters.siteId, siteId),
        gte(collectSlotCounters.slotStart, new Date(first.start)),
        lte(collectSlotCounters.slotStart, new Date(last.start)),
      ),
    );
  const reserved = new Map(counters.map((row) => [row.slotStart.getTime(), row.reserved]));
  return slots.map((slot) => ({
    start: new Date(slot.start).toISOString(),
    end: new Date(slot.end).toISOString(),
    capacity,
    remaining: Math.max(0, capacity - (reserved.get(slot.start) ?? 0)),
  }));
}
