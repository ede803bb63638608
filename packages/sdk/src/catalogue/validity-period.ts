// The period an article's product covers, from its start and its item's pivot (decision 0016: the
// validity lasts pivotValue units of the pivot), on the network's clock: a month pivot covers whole
// months from the first of its start month, a week pivot whole weeks from its Monday (calendar days,
// both ends included), a day pivot as many days from its start slot to the same time of the last
// day (instants, the end excluded: a 24-hour pass from 10:15 runs to 10:15 the next day, even over
// a change of clocks).
import { z } from 'zod';
import type { PivotType } from '../contract/catalogue.ts';
import { addDays, asUtc, isoDate, offsetAt, type WallClock, wallClockAt } from './start-dates.ts';

export const validityPeriodSchema = z.discriminatedUnion('kind', [
  /** Days of the network's calendar (YYYY-MM-DD), both included. */
  z.strictObject({ kind: z.literal('DAYS'), from: z.iso.date(), to: z.iso.date() }),
  /** Instants (ISO, UTC): from the start, to the end excluded. */
  z.strictObject({
    kind: z.literal('TIMES'),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  }),
]);
export type ValidityPeriod = z.infer<typeof validityPeriodSchema>;

const DAY = 86_400_000;
const START_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The instant a time of the network's clock shows: the first of two where clocks go back over it,
 * the end of the gap where they skip it (the offset before the gap carried over).
 */
function instantOf(clock: WallClock, timeZone: string): number {
  const wall = asUtc(clock);
  const offsets = new Set([offsetAt(wall - DAY, timeZone), offsetAt(wall + DAY, timeZone)]);
  const matches = [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => asUtc(wallClockAt(instant, timeZone)) === wall);
  return matches.length > 0 ? Math.min(...matches) : wall - offsetAt(wall - DAY, timeZone);
}

/**
 * The period an article covers, from its start month (month pivot) or start instant, in the
 * network's time zone; null for an item valid from purchase (no pivot), or when its start or the
 * time zone cannot be read.
 */
export function validityPeriodOf(
  item: { readonly pivotType: PivotType | null; readonly pivotValue: number | null },
  start: { readonly startMonth?: string | null; readonly startingAt?: string | null },
  timeZone: string,
): ValidityPeriod | null {
  const { pivotType, pivotValue } = item;
  if (pivotType === null || pivotValue === null || !Number.isInteger(pivotValue) || pivotValue < 1)
    return null;
  const instant = start.startingAt ? Date.parse(start.startingAt) : Number.NaN;
  try {
    if (pivotType === 'MONTH_PIVOT') {
      const month = START_MONTH.exec(start.startMonth ?? '');
      const first = month
        ? { year: Number(month[1]), month: Number(month[2]) }
        : Number.isFinite(instant)
          ? wallClockAt(instant, timeZone)
          : null;
      if (!first) return null;
      // Day 0 of the month after the last is the last day of the last.
      const last = new Date(Date.UTC(first.year, first.month - 1 + pivotValue, 0));
      return {
        kind: 'DAYS',
        from: isoDate({ year: first.year, month: first.month, day: 1 }),
        to: isoDate({ year: last.getUTCFullYear(), month: last.getUTCMonth() + 1, day: last.getUTCDate() }),
      };
    }
    if (!Number.isFinite(instant)) return null;
    const clock = wallClockAt(instant, timeZone);
    const day = { year: clock.year, month: clock.month, day: clock.day };
    if (pivotType === 'WEEK_PIVOT')
      return { kind: 'DAYS', from: isoDate(day), to: isoDate(addDays(day, 7 * pivotValue - 1)) };
    const end = instantOf({ ...clock, ...addDays(day, pivotValue) }, timeZone);
    return { kind: 'TIMES', from: new Date(instant).toISOString(), to: new Date(end).toISOString() };
  } catch {
    // An unknown time zone (a RangeError from Intl).
    return null;
  }
}
