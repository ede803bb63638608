// The period an article's product covers, from its start and its item's pivot (decision 0016: the
// validity lasts pivotValue units of the pivot), on the network's clock: a month pivot covers whole
// months from the first of its start month, a week pivot whole weeks from its Monday (calendar days,
// both ends included), a day pivot as many days from its start slot to the same time of the last
// day (instants, the end excluded: a 24-hour pass from 10:15 runs to 10:15 the next day, even over
// a change of clocks).
import { z } from 'zod';
import type { PivotType } from '../contract/catalogue.ts';
import { addCalendarDays, addCalendarMonths, addNetworkDays, wallClockOf } from '../time/network-clock.ts';

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

const START_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

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
        ? `${month[1]}-${month[2]}-01`
        : Number.isFinite(instant)
          ? `${wallClockOf(instant, timeZone).date.slice(0, 7)}-01`
          : null;
      if (!first) return null;
      return { kind: 'DAYS', from: first, to: addCalendarDays(addCalendarMonths(first, pivotValue), -1) };
    }
    if (!Number.isFinite(instant)) return null;
    if (pivotType === 'WEEK_PIVOT') {
      const from = wallClockOf(instant, timeZone).date;
      return { kind: 'DAYS', from, to: addCalendarDays(from, 7 * pivotValue - 1) };
    }
    const end = addNetworkDays(instant, pivotValue, timeZone);
    return { kind: 'TIMES', from: new Date(instant).toISOString(), to: end.toISOString() };
  } catch {
    // An unknown time zone (a RangeError from the network clock).
    return null;
  }
}
