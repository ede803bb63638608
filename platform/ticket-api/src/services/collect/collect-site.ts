// The pick-up slots of a collect site on given local days, from the opening ranges of its network
// file (decision 0020): computed, never stored, so a change of hours applies at once.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { type CollectSiteFile, minutesOfDay, type NetworkFile, WEEKDAYS } from '@transit-shop/tenancy';
import { instantOfLocal, weekdayIndexOf } from '../../local-time.ts';

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
 * The slots of one local day, in start order. A slot whose local start the clocks skip (going
 * forward) does not exist that day; one they show twice (going back) is the first.
 */
export function slotsOfDay(site: CollectSiteFile, day: number, timeZone: string): SlotTimes[] {
  const weekday = WEEKDAYS[weekdayIndexOf(day)];
  const { slotMinutes, opening } = site.pickUp;
  const starts = new Set<number>();
  for (const range of opening) {
    if (!weekday || !range.days.includes(weekday)) continue;
    const to = minutesOfDay(range.to);
    for (let minutes = minutesOfDay(range.from); minutes + slotMinutes <= to; minutes += slotMinutes) {
      const start = instantOfLocal(day, minutes, timeZone);
      if (start !== null) starts.add(start);
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => ({ start, end: start + slotMinutes * 60_000 }));
}
