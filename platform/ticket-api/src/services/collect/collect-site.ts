// The pick-up slots of a collect site on given local days, from the opening ranges of its network
// file (decision 0020): computed, never stored, so a change of hours applies at once.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { instantAt, wallClockOf, weekdayOf } from '@transit-shop/sdk/time/network-clock';
import { type CollectSiteFile, minutesOfDay, type NetworkFile, WEEKDAYS } from '@transit-shop/tenancy';

/** What the collect services read of a network. */
export type CollectNetwork = Pick<NetworkFile, 'id' | 'timeZone' | 'collectSites'>;

/** One slot as instants (ms since the epoch). */
export type SlotTimes = { start: number; end: number };

/** The network's collect site; an unknown one is the agency missing (CHK-05). */
export function collectSiteOf(network: CollectNetwork, siteId: number): CollectSiteFile {
  const site = network.collectSites.find((candidate) => candidate.id === siteId);
  if (!site)
    throw new AppError('COLLECT_AGENCY_MISSING', {
      message: `Collect site ${siteId} is not one of network ${network.id}'s agencies`,
    });
  return site;
}

/**
 * The slots of one local day (YYYY-MM-DD), in start order. A slot whose local start the clocks skip
 * (going forward) does not exist that day; one they show twice (going back) is the first.
 */
export function slotsOfDay(site: CollectSiteFile, date: string, timeZone: string): SlotTimes[] {
  const weekday = WEEKDAYS[weekdayOf(date) - 1];
  const { slotMinutes, opening } = site.pickUp;
  const starts = new Set<number>();
  for (const range of opening) {
    if (!weekday || !range.days.includes(weekday)) continue;
    const to = minutesOfDay(range.to);
    for (let minutes = minutesOfDay(range.from); minutes + slotMinutes <= to; minutes += slotMinutes) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const start = instantAt(date, time, timeZone);
      if (wallClockOf(start, timeZone).time === time) starts.add(start.getTime());
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => ({ start, end: start + slotMinutes * 60_000 }));
}
