// The start dates a shop item proposes (spec 01 §4 "Start date proposals", PIVOT-01..04): 15-minute
// slots of the next days, Mondays, or firsts of the month, the current period first (decision 0016)
// except on a month's last days, when the next month comes first (decision 0027); each month says
// how many days it covers. Computed on the network's wall clock (an IANA time zone) with Intl alone,
// so a day keeps its real length across daylight-saving changes (92 or 100 slots) and months keep
// their real ends.
import type { PivotType } from '../contract/catalogue.ts';
import { AppError } from '../errors/app-error.ts';

/** Day-pivot start slots (spec 01 §9). */
export const DAY_SLOT_MINUTES = 15;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SLOT = DAY_SLOT_MINUTES * MINUTE;

/** One start of a day pass: an instant (ISO, UTC) and the wall-clock time and UTC offset it has in the network. */
export type StartSlot = {
  readonly startingAt: string;
  /** HH:MM on the network's clock; the same time shows twice on the night clocks go back. */
  readonly localTime: string;
  /** The network's UTC offset at that instant, ±HH:MM, which tells the two apart. */
  readonly utcOffset: string;
};

/** A day of a day pivot (YYYY-MM-DD on the network's calendar) and its slots. */
export type DayStartProposal = { readonly date: string; readonly slots: readonly StartSlot[] };
/** A week of a week pivot: its Monday and the instant that Monday starts. */
export type WeekStartProposal = { readonly date: string; readonly startingAt: string };
/** A month of a month pivot (YYYY-MM, the cart's startMonth), its first day and the instant it starts. */
export type MonthStartProposal = {
  readonly startMonth: string;
  readonly date: string;
  readonly startingAt: string;
  /**
   * The calendar days the pass covers on the network's calendar: from today for the current month,
   * from the 1st otherwise, to the end of its last month (pivotValue months), both days counted.
   */
  readonly days: number;
};

export type StartProposals =
  | { readonly pivotType: 'DAY_PIVOT'; readonly days: readonly DayStartProposal[] }
  | { readonly pivotType: 'WEEK_PIVOT'; readonly weeks: readonly WeekStartProposal[] }
  | { readonly pivotType: 'MONTH_PIVOT'; readonly months: readonly MonthStartProposal[] };

/** What the proposals read of a shop item. */
export type PivotedItem = {
  readonly pivotType: PivotType | null;
  /** How many days, weeks or months of start dates are proposed, the current one first. */
  readonly startProposals: number | null;
  /** How many pivot units the validity lasts (months of a month pivot); 1 when not given. */
  readonly pivotValue?: number | null;
};

/**
 * On this many last days of a month (on the network's calendar), a month pivot proposes the next
 * month first, the current one after it for its few days (decision 0027).
 */
export const MONTH_END_DAYS = 7;

export type StartClock = {
  /** The instant the proposals are made at. */
  readonly now: Date;
  /** The network's IANA time zone (network configuration). */
  readonly timeZone: string;
};

/** PIVOT-03: 'Cannot compute article start date', the catalogue's ARTICLE_START_DATE. */
function cannotCompute(cause?: unknown): AppError {
  return new AppError('ARTICLE_START_DATE', cause === undefined ? {} : { cause });
}

// ---------------------------------------------------------------------------------------------
// The network's wall clock, read with Intl

export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws a RangeError for a time zone Intl does not know. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? Number.NaN,
    month: parts.month ?? Number.NaN,
    day: parts.day ?? Number.NaN,
    hour: parts.hour ?? Number.NaN,
    minute: parts.minute ?? Number.NaN,
    second: parts.second ?? Number.NaN,
  };
}

/** A wall-clock time read as if it were UTC: the arithmetic of calendar days and months. */
export function asUtc(clock: Pick<WallClock, 'year' | 'month' | 'day'> & Partial<WallClock>): number {
  return Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour ?? 0,
    clock.minute ?? 0,
    clock.second ?? 0,
  );
}

/** The network's offset from UTC at an instant, in milliseconds (whole seconds). */
export function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return asUtc(wallClockAt(whole, timeZone)) - whole;
}

/**
 * The first instant of a calendar day on the network's clock: its midnight, the first of two
 * midnights where clocks go back over it, or the end of the gap where clocks skip it (America/Santiago
 * starts some days at 01:00).
 */
function startOfDay(date: { year: number; month: number; day: number }, timeZone: string): number {
  const wall = asUtc(date);
  const offsets = new Set([offsetAt(wall - DAY, timeZone), offsetAt(wall + DAY, timeZone)]);
  const matches = [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => asUtc(wallClockAt(instant, timeZone)) === wall);
  if (matches.length > 0) return Math.min(...matches);
  // Midnight falls in a gap: the day starts where the gap ends, the earlier offset carried over.
  return wall - offsetAt(wall - DAY, timeZone);
}

/** A calendar day moved by whole days (Date.UTC normalises month ends and years). */
export function addDays(date: { year: number; month: number; day: number }, days: number) {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

const two = (value: number) => String(value).padStart(2, '0');
export const isoDate = (date: { year: number; month: number; day: number }) =>
  `${String(date.year).padStart(4, '0')}-${two(date.month)}-${two(date.day)}`;
const isoInstant = (instant: number) => new Date(instant).toISOString();

function utcOffsetText(offset: number): string {
  const minutes = Math.round(Math.abs(offset) / MINUTE);
  return `${offset < 0 ? '-' : '+'}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

// ---------------------------------------------------------------------------------------------
// The proposals

/**
 * PIVOT-01: the slots of a day from `from` (inclusive) to the next day's start, every 15 minutes of
 * real time, so the night clocks go forward has 92 and the night they go back 100.
 */
function slotsOfDay(from: number, until: number, timeZone: string): StartSlot[] {
  const slots: StartSlot[] = [];
  for (let instant = from; instant < until; instant += SLOT) {
    const clock = wallClockAt(instant, timeZone);
    slots.push({
      startingAt: isoInstant(instant),
      localTime: `${two(clock.hour)}:${two(clock.minute)}`,
      utcOffset: utcOffsetText(offsetAt(instant, timeZone)),
    });
  }
  return slots;
}

function dayProposals(now: number, days: number, timeZone: string): DayStartProposal[] {
  const clock = wallClockAt(now, timeZone);
  const today = { year: clock.year, month: clock.month, day: clock.day };
  // The slot under way comes first: a pass bought at 10:07 may start at 10:00.
  const currentSlot =
    Math.floor(now / 1000) * 1000 - ((clock.minute % DAY_SLOT_MINUTES) * 60 + clock.second) * 1000;
  return Array.from({ length: days }, (_, index) => {
    const date = addDays(today, index);
    const start = index === 0 ? currentSlot : startOfDay(date, timeZone);
    return {
      date: isoDate(date),
      slots: slotsOfDay(start, startOfDay(addDays(date, 1), timeZone), timeZone),
    };
  });
}

/** PIVOT-04: weeks starting on Monday, the current week's Monday first (decision 0016). */
function weekProposals(now: number, weeks: number, timeZone: string): WeekStartProposal[] {
  const clock = wallClockAt(now, timeZone);
  const today = { year: clock.year, month: clock.month, day: clock.day };
  const daysSinceMonday = (new Date(asUtc(today)).getUTCDay() + 6) % 7;
  const monday = addDays(today, -daysSinceMonday);
  return Array.from({ length: weeks }, (_, index) => {
    const date = addDays(monday, 7 * index);
    return { date: isoDate(date), startingAt: isoInstant(startOfDay(date, timeZone)) };
  });
}

/**
 * PIVOT-02: months starting on their first day, the current month first. On the month's last
 * MONTH_END_DAYS days, the `months` months from the next one, the next first and the current one
 * after it, which then covers a few days only (decision 0027).
 */
function monthProposals(
  now: number,
  months: number,
  validityMonths: number,
  timeZone: string,
): MonthStartProposal[] {
  const clock = wallClockAt(now, timeZone);
  const today = { year: clock.year, month: clock.month, day: clock.day };
  const daysInMonth = new Date(Date.UTC(today.year, today.month, 0)).getUTCDate();
  const lateInMonth = daysInMonth - today.day < MONTH_END_DAYS;
  // Month offsets from the current one, in the order they are proposed.
  const offsets = lateInMonth
    ? [1, 0, ...Array.from({ length: months - 1 }, (_, index) => index + 2)]
    : Array.from({ length: months }, (_, index) => index);
  return offsets.map((offset) => {
    const first = new Date(Date.UTC(today.year, today.month - 1 + offset, 1));
    const date = { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: 1 };
    const from = offset === 0 ? asUtc(today) : first.getTime();
    const lastDay = Date.UTC(today.year, today.month - 1 + offset + validityMonths, 0);
    return {
      startMonth: isoDate(date).slice(0, 7),
      date: isoDate(date),
      startingAt: isoInstant(startOfDay(date, timeZone)),
      days: Math.round((lastDay - from) / DAY) + 1,
    };
  });
}

/**
 * The start dates proposed for a shop item at `now` on the network's clock; null for an item valid
 * from purchase (no pivot). A pivot whose proposals cannot be computed (no or a wrong number of
 * proposals, an unknown time zone, an invalid instant) fails with ARTICLE_START_DATE (PIVOT-03).
 */
export function startProposalsOf(item: PivotedItem, { now, timeZone }: StartClock): StartProposals | null {
  const { pivotType, startProposals: count } = item;
  if (pivotType === null) return null;
  const instant = now.getTime();
  const validity = item.pivotValue ?? 1;
  if (count === null || !Number.isInteger(count) || count < 1 || !Number.isFinite(instant))
    throw cannotCompute();
  if (!Number.isInteger(validity) || validity < 1) throw cannotCompute();
  try {
    if (pivotType === 'DAY_PIVOT') return { pivotType, days: dayProposals(instant, count, timeZone) };
    if (pivotType === 'WEEK_PIVOT') return { pivotType, weeks: weekProposals(instant, count, timeZone) };
    return { pivotType, months: monthProposals(instant, count, validity, timeZone) };
  } catch (error) {
    // An unknown time zone (RangeError from Intl).
    throw cannotCompute(error);
  }
}

const START_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The instant a month-pivot article starts: the first of its startMonth (YYYY-MM) at the start of
 * that day on the network's clock. PIVOT-03: no month, a malformed one or an unknown time zone
 * fails with 'Cannot compute article start date'.
 */
export function monthStartOf(startMonth: string | null | undefined, timeZone: string): string {
  const match = startMonth ? START_MONTH.exec(startMonth) : null;
  if (!match) throw cannotCompute();
  try {
    return isoInstant(startOfDay({ year: Number(match[1]), month: Number(match[2]), day: 1 }, timeZone));
  } catch (error) {
    throw cannotCompute(error);
  }
}

/**
 * When an article's validity starts (the order article's startingAt): the first of its month for a
 * month pivot (PIVOT-03 when it cannot be computed), the chosen slot or Monday for a day or week
 * pivot, null for an item valid from purchase.
 */
export function articleStartingAt(
  item: Pick<PivotedItem, 'pivotType'>,
  article: { readonly startMonth?: string | null; readonly startingAt?: string | null },
  timeZone: string,
): string | null {
  if (item.pivotType === null) return null;
  if (item.pivotType === 'MONTH_PIVOT') return monthStartOf(article.startMonth, timeZone);
  if (!article.startingAt || Number.isNaN(Date.parse(article.startingAt))) throw cannotCompute();
  return isoInstant(Date.parse(article.startingAt));
}
