// When a contract can be travelled on (decision 0030), on the network's clock: the window fixed at
// issue (a pass, a day ticket for its slot), how long an activated kind stays usable unused, and the
// window an activation opens. Every end is an exclusive instant: "to the end of the last day" is the
// next midnight of the network's calendar, whatever the clocks did in between; a rolling pass counts
// elapsed hours instead (24 real hours a day, across a change of clocks).
import type { PivotType } from '../contract/catalogue.ts';
import {
  addCalendarDays,
  addCalendarMonths,
  startOfNetworkDay,
  startOfNetworkMonth,
  wallClockOf,
} from '../time/network-clock.ts';
import type { FareValidity } from './fare-product.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export type TicketWindow = { readonly from: Date; readonly to: Date };

/** What a contract is at issue. */
export type IssuedValidity = {
  /** The travel window known at issue; null for a kind that waits for its activation. */
  readonly window: TicketWindow | null;
  /** Until when an activated kind may be activated; null for the others. */
  readonly usableUntil: Date | null;
  /** Journeys on the ticket; null when not counted. */
  readonly journeys: number | null;
};

/** The midnight that ends the network's calendar day `date` (YYYY-MM-DD). */
export function endOfNetworkDay(date: string, timeZone: string): Date {
  return startOfNetworkDay(addCalendarDays(date, 1), timeZone);
}

/** The article's start: its start instant, else the first of its start month, else the issue. */
function startOf(
  start: { readonly startMonth?: string | null; readonly startingAt?: Date | string | null },
  issuedAt: Date,
  timeZone: string,
): Date {
  if (start.startingAt) {
    const at = new Date(start.startingAt);
    if (Number.isFinite(at.getTime())) return at;
  }
  const month = START_MONTH.exec(start.startMonth ?? '');
  if (month) return startOfNetworkMonth(`${month[1]}-${month[2]}`, timeZone);
  return issuedAt;
}

/**
 * A pass's window: its pivot from its start, to the end of its last day; a rolling day pass lasts
 * N × 24 hours of elapsed time from its start (a 24-hour pass is 24 hours even when clocks change).
 */
export function periodWindow(
  pivot: { readonly pivotType: PivotType | null; readonly pivotValue: number | null },
  from: Date,
  timeZone: string,
  rolling = false,
): TicketWindow | null {
  const { pivotType, pivotValue } = pivot;
  if (pivotType === null || pivotValue === null || !Number.isInteger(pivotValue) || pivotValue < 1)
    return null;
  const startDate = wallClockOf(from, timeZone).date;
  if (pivotType === 'MONTH_PIVOT') {
    const first = `${startDate.slice(0, 7)}-01`;
    const lastDay = addCalendarDays(addCalendarMonths(first, pivotValue), -1);
    return { from: startOfNetworkDay(first, timeZone), to: endOfNetworkDay(lastDay, timeZone) };
  }
  const days = pivotType === 'WEEK_PIVOT' ? 7 * pivotValue : pivotValue;
  if (rolling && pivotType === 'DAY_PIVOT') return { from, to: new Date(from.getTime() + days * DAY) };
  return { from, to: endOfNetworkDay(addCalendarDays(startDate, days - 1), timeZone) };
}

/**
 * A contract's validity at issue: `productQuantity` is the shop item product's quantity (a carnet of
 * 10 wraps ten journeys of one ticket).
 */
export function issuedValidity(options: {
  readonly validity: FareValidity;
  readonly item: { readonly pivotType: PivotType | null; readonly pivotValue: number | null };
  readonly start: { readonly startMonth?: string | null; readonly startingAt?: Date | string | null };
  readonly productQuantity: number;
  readonly issuedAt: Date;
  readonly timeZone: string;
}): IssuedValidity {
  const { validity, issuedAt, timeZone } = options;
  const issueDate = wallClockOf(issuedAt, timeZone).date;
  const unusedUntil = (days: number) => endOfNetworkDay(addCalendarDays(issueDate, days), timeZone);
  switch (validity.kind) {
    case 'PERIOD':
      return {
        window: periodWindow(
          options.item,
          startOf(options.start, issuedAt, timeZone),
          timeZone,
          validity.rolling === true,
        ),
        usableUntil: null,
        journeys: null,
      };
    case 'JOURNEYS':
      return {
        window: null,
        usableUntil: unusedUntil(validity.expiresAfterDays),
        journeys: validity.journeys * options.productQuantity,
      };
    case 'DAY': {
      if (validity.start === 'FIRST_ACTIVATION')
        return { window: null, usableUntil: unusedUntil(validity.expiresAfterDays ?? 1), journeys: null };
      const from = startOf(options.start, issuedAt, timeZone);
      return {
        window: { from, to: endOfNetworkDay(wallClockOf(from, timeZone).date, timeZone) },
        usableUntil: null,
        journeys: null,
      };
    }
    case 'MEDIUM':
      return { window: null, usableUntil: null, journeys: null };
  }
}

/** The window an activation at `at` opens: M minutes of a journey, or the rest of a first-use day. */
export function activationWindow(validity: FareValidity, at: Date, timeZone: string): TicketWindow | null {
  if (validity.kind === 'JOURNEYS')
    return { from: at, to: new Date(at.getTime() + validity.minutes * MINUTE) };
  if (validity.kind === 'DAY' && validity.start === 'FIRST_ACTIVATION')
    return { from: at, to: endOfNetworkDay(wallClockOf(at, timeZone).date, timeZone) };
  return null;
}
