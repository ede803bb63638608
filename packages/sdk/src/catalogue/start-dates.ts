// The start dates a shop item proposes (spec 01 §4 "Start date proposals", PIVOT-01..04): 15-minute
// slots of the next days, Mondays, or firsts of the month, the current period first (decision 0016)
// except on a month's last days, when the next month comes first (decision 0027); each month says
// how many days it covers. Computed on the network's clock (time/network-clock.ts), so a day keeps
// its real length across daylight-saving changes (92 or 100 slots) and months keep their real ends.
// A page sends the start chosen (a month, a day, a time: StartChoice), and the server derives its
// instant and checks it against its own proposals (decision 0038).
import type { PivotType } from '../contract/catalogue.ts';
import { AppError } from '../errors/app-error.ts';
import {
  addCalendarDays,
  addCalendarMonths,
  calendarDaysBetween,
  daysInMonthOf,
  floorToQuarterHour,
  instantAt,
  networkToday,
  QUARTER_HOUR_MINUTES,
  quarterHoursBetween,
  startOfNetworkDay,
  utcOffsetOf,
  wallClockOf,
  weekdayOf,
} from '../time/network-clock.ts';

/** Day-pivot start slots (spec 01 §9). */
export const DAY_SLOT_MINUTES = QUARTER_HOUR_MINUTES;

/**
 * One start of a day pass: an instant (ISO, UTC) on the clock that made the proposals, and the
 * wall-clock time and UTC offset it has in the network. A page sends the time (and, for a time shown
 * twice, the offset), never the instant: its time-zone data may not be the server's (decision 0038).
 */
export type StartSlot = {
  readonly startingAt: string;
  /** HH:MM on the network's clock; the same time shows twice on the night clocks go back. */
  readonly localTime: string;
  /** The network's UTC offset at that instant, ±HH:MM, which tells the two apart. */
  readonly utcOffset: string;
  /** The clock shows this time twice that day (the night it goes back): the offset tells which. */
  readonly shownTwice: boolean;
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

const isoInstant = (instant: Date | number) => new Date(instant).toISOString();
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

// ---------------------------------------------------------------------------------------------
// The proposals

/**
 * PIVOT-01: the slots of a day from `from` (inclusive) to the next day's start, every 15 minutes of
 * real time, so the night clocks go forward has 92 and the night they go back 100.
 */
function slotsOfDay(from: Date, until: Date, timeZone: string): StartSlot[] {
  const slots = quarterHoursBetween(from, until).map((instant) => ({
    startingAt: isoInstant(instant),
    localTime: wallClockOf(instant, timeZone).time,
    utcOffset: utcOffsetOf(instant, timeZone),
  }));
  const counts = new Map<string, number>();
  for (const slot of slots) counts.set(slot.localTime, (counts.get(slot.localTime) ?? 0) + 1);
  return slots.map((slot) => ({ ...slot, shownTwice: (counts.get(slot.localTime) ?? 0) > 1 }));
}

function dayProposals(now: Date, days: number, timeZone: string): DayStartProposal[] {
  const today = networkToday(timeZone, now);
  // The slot under way comes first: a pass bought at 10:07 may start at 10:00.
  const currentSlot = floorToQuarterHour(now, timeZone);
  return Array.from({ length: days }, (_, index) => {
    const date = addCalendarDays(today, index);
    const start = index === 0 ? currentSlot : startOfNetworkDay(date, timeZone);
    return {
      date,
      slots: slotsOfDay(start, startOfNetworkDay(addCalendarDays(date, 1), timeZone), timeZone),
    };
  });
}

/** PIVOT-04: weeks starting on Monday, the current week's Monday first (decision 0016). */
function weekProposals(now: Date, weeks: number, timeZone: string): WeekStartProposal[] {
  const today = networkToday(timeZone, now);
  const monday = addCalendarDays(today, 1 - weekdayOf(today));
  return Array.from({ length: weeks }, (_, index) => {
    const date = addCalendarDays(monday, 7 * index);
    return { date, startingAt: isoInstant(startOfNetworkDay(date, timeZone)) };
  });
}

/**
 * PIVOT-02: months starting on their first day, the current month first. On the month's last
 * MONTH_END_DAYS days, the `months` months from the next one, the next first and the current one
 * after it, which then covers a few days only (decision 0027).
 */
function monthProposals(
  now: Date,
  months: number,
  validityMonths: number,
  timeZone: string,
): MonthStartProposal[] {
  const today = networkToday(timeZone, now);
  const lateInMonth = daysInMonthOf(today) - Number(today.slice(8, 10)) < MONTH_END_DAYS;
  // Month offsets from the current one, in the order they are proposed.
  const offsets = lateInMonth
    ? [1, 0, ...Array.from({ length: months - 1 }, (_, index) => index + 2)]
    : Array.from({ length: months }, (_, index) => index);
  const firstOfThisMonth = `${today.slice(0, 7)}-01`;
  return offsets.map((offset) => {
    const date = addCalendarMonths(firstOfThisMonth, offset);
    const from = offset === 0 ? today : date;
    const lastDay = addCalendarDays(addCalendarMonths(date, validityMonths), -1);
    return {
      startMonth: date.slice(0, 7),
      date,
      startingAt: isoInstant(startOfNetworkDay(date, timeZone)),
      days: calendarDaysBetween(from, lastDay) + 1,
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
  const validity = item.pivotValue ?? 1;
  if (count === null || !Number.isInteger(count) || count < 1 || !Number.isFinite(now.getTime()))
    throw cannotCompute();
  if (!Number.isInteger(validity) || validity < 1) throw cannotCompute();
  try {
    if (pivotType === 'DAY_PIVOT') return { pivotType, days: dayProposals(now, count, timeZone) };
    if (pivotType === 'WEEK_PIVOT') return { pivotType, weeks: weekProposals(now, count, timeZone) };
    return { pivotType, months: monthProposals(now, count, validity, timeZone) };
  } catch (error) {
    // An unknown time zone (a RangeError from the network clock).
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
    return isoInstant(startOfNetworkDay(`${match[1]}-${match[2]}-01`, timeZone));
  } catch (error) {
    throw cannotCompute(error);
  }
}

/**
 * An article's chosen start as the cart line and the order article carry it (decision 0038): a month
 * (YYYY-MM) for a month pivot; a day (YYYY-MM-DD) for a week pivot, its Monday; a day and a time
 * (HH:MM) for a day pivot, with the UTC offset shown beside a time the clocks show twice. Dates and
 * times are the network's calendar and clock: the instant is the server's to derive.
 */
export type StartChoice = {
  readonly startMonth: string | null;
  readonly startDate: string | null;
  readonly startTime: string | null;
  readonly startOffset: string | null;
};

/** No start chosen: an item valid from purchase, or a page still waiting for its proposals. */
export const NO_START: StartChoice = {
  startMonth: null,
  startDate: null,
  startTime: null,
  startOffset: null,
};

/** The choice of a month of a month pivot. */
export const monthChoiceOf = (month: Pick<MonthStartProposal, 'startMonth'>): StartChoice => ({
  ...NO_START,
  startMonth: month.startMonth,
});

/** The choice of a week of a week pivot: its Monday. */
export const weekChoiceOf = (week: Pick<WeekStartProposal, 'date'>): StartChoice => ({
  ...NO_START,
  startDate: week.date,
});

/** The choice of a slot of a day pivot: its day and time, and its offset when the time shows twice. */
export const slotChoiceOf = (date: string, slot: Omit<StartSlot, 'startingAt'>): StartChoice => ({
  ...NO_START,
  startDate: date,
  startTime: slot.localTime,
  startOffset: slot.shownTwice ? slot.utcOffset : null,
});

/**
 * The choice of the slot starting at an instant, read on a clock: its day, its time, and its offset
 * when the clock shows that time twice that day. A cart kept with the instants its page computed
 * (decision 0038) is read back with the same browser's clock, so the choice is the one made then.
 */
export function slotChoiceAt(instant: Date | number, timeZone: string): StartChoice {
  const at = new Date(instant).getTime();
  const { date, time } = wallClockOf(at, timeZone);
  const slots = slotsOfDay(
    startOfNetworkDay(date, timeZone),
    startOfNetworkDay(addCalendarDays(date, 1), timeZone),
    timeZone,
  );
  const slot = slots.find((candidate) => Date.parse(candidate.startingAt) === at) ?? {
    localTime: time,
    utcOffset: utcOffsetOf(at, timeZone),
    shownTwice: false,
  };
  return slotChoiceOf(date, slot);
}

/** The first proposal, as a product page or the purchase tunnel chooses it by default. */
export function firstStartOf(proposals: StartProposals | null): StartChoice {
  if (proposals?.pivotType === 'MONTH_PIVOT') {
    const [first] = proposals.months;
    return first ? monthChoiceOf(first) : NO_START;
  }
  if (proposals?.pivotType === 'WEEK_PIVOT') {
    const [first] = proposals.weeks;
    return first ? weekChoiceOf(first) : NO_START;
  }
  const day = proposals?.days.find((candidate) => candidate.slots.length > 0);
  const slot = day?.slots[0];
  return day && slot ? slotChoiceOf(day.date, slot) : NO_START;
}

/** CART-02: two choices are the same start (an offset counts only beside a time shown twice). */
export function isSameStart(one: Partial<StartChoice>, other: Partial<StartChoice>): boolean {
  return (
    (one.startMonth ?? null) === (other.startMonth ?? null) &&
    (one.startDate ?? null) === (other.startDate ?? null) &&
    (one.startTime ?? null) === (other.startTime ?? null) &&
    (one.startOffset ?? null) === (other.startOffset ?? null)
  );
}

/**
 * The instant the network's clock shows `time` on `date`: with an offset, the showing at that
 * offset when the clock has one (the night it goes back, either of the two); otherwise, or when it
 * has none, the first showing (network-clock's instantAt, which also moves a skipped time past the
 * gap).
 */
function slotInstantOf(date: string, time: string, offset: string | null, timeZone: string): Date {
  if (offset !== null) {
    const atOffset = Date.parse(`${date}T${time}:00${offset}`);
    const clock = Number.isFinite(atOffset) ? wallClockOf(atOffset, timeZone) : null;
    if (clock?.date === date && clock.time === time && utcOffsetOf(atOffset, timeZone) === offset)
      return new Date(atOffset);
  }
  return instantAt(date, time, timeZone);
}

/**
 * When an article's validity starts, derived on the network's clock from the choice (decision
 * 0038): the first of its month for a month pivot, 00:00 on its Monday for a week pivot, its slot
 * for a day pivot; null for an item valid from purchase. A start that cannot be read, or a zone
 * that cannot be, fails with ARTICLE_START_DATE (PIVOT-03).
 */
export function startInstantOf(
  item: Pick<PivotedItem, 'pivotType'>,
  choice: Partial<StartChoice>,
  timeZone: string,
): Date | null {
  const { pivotType } = item;
  if (pivotType === null) return null;
  if (pivotType === 'MONTH_PIVOT') return new Date(monthStartOf(choice.startMonth, timeZone));
  const date = choice.startDate ?? null;
  // A date of the calendar: 2026-02-30 is none.
  if (date === null || !ISO_DATE.test(date) || addCalendarDays(date, 0) !== date) throw cannotCompute();
  const time = pivotType === 'DAY_PIVOT' ? (choice.startTime ?? null) : '00:00';
  if (time === null || !TIME.test(time)) throw cannotCompute();
  try {
    return pivotType === 'DAY_PIVOT'
      ? slotInstantOf(date, time, choice.startOffset ?? null, timeZone)
      : startOfNetworkDay(date, timeZone);
  } catch (error) {
    throw cannotCompute(error);
  }
}

/** The starts a pivot proposes, as the check reads them: months, dates and slot instants. */
type ProposedStarts = { months: Set<string>; dates: Set<string>; instants: Set<number> };

function proposedStartsOf(proposals: StartProposals | null): ProposedStarts {
  const starts: ProposedStarts = { months: new Set(), dates: new Set(), instants: new Set() };
  if (proposals?.pivotType === 'MONTH_PIVOT')
    for (const proposal of proposals.months) starts.months.add(proposal.startMonth);
  if (proposals?.pivotType === 'WEEK_PIVOT') for (const week of proposals.weeks) starts.dates.add(week.date);
  if (proposals?.pivotType === 'DAY_PIVOT')
    for (const day of proposals.days)
      for (const slot of day.slots) starts.instants.add(Date.parse(slot.startingAt));
  return starts;
}

const QUARTER_HOUR_MS = QUARTER_HOUR_MINUTES * 60_000;
const PROPOSALS_KEPT = 256;
/**
 * The proposals of each pivot, count and zone for the quarter hour under way: they change only
 * when the slot under way does (every zone's offset is a whole number of quarter hours), and a
 * day pivot's list of slots costs milliseconds to build, too much for every check of a cart.
 */
const keptProposals = new Map<string, ProposedStarts | 'none'>();

function keptProposedStarts(
  pivotType: NonNullable<PivotedItem['pivotType']>,
  count: number,
  now: Date,
  timeZone: string,
): ProposedStarts | 'none' {
  const key = `${pivotType}:${count}:${timeZone}:${Math.floor(now.getTime() / QUARTER_HOUR_MS)}`;
  let starts = keptProposals.get(key);
  if (starts === undefined) {
    try {
      starts = proposedStartsOf(startProposalsOf({ pivotType, startProposals: count }, { now, timeZone }));
    } catch {
      starts = 'none';
    }
    if (keptProposals.size >= PROPOSALS_KEPT) keptProposals.clear();
    keptProposals.set(key, starts);
  }
  return starts;
}

/**
 * Whether an article's chosen start is one of those startProposalsOf lists at `now` (PIVOT-01,
 * PIVOT-02, PIVOT-04): a month among the months, a Monday among the weeks, a day and time the
 * network's clock shows that is one of the slots (a time the clocks skip is none). True for an item
 * valid from purchase; false when the proposals or the start cannot be computed. No startProposals
 * counts as one.
 */
export function isProposedStart(
  item: Pick<PivotedItem, 'pivotType' | 'startProposals'>,
  choice: Partial<StartChoice>,
  now: Date,
  timeZone: string,
): boolean {
  const { pivotType } = item;
  if (pivotType === null) return true;
  const proposed = keptProposedStarts(pivotType, Math.max(1, item.startProposals ?? 1), now, timeZone);
  if (proposed === 'none') return false;
  if (pivotType === 'MONTH_PIVOT') return choice.startMonth != null && proposed.months.has(choice.startMonth);
  if (pivotType === 'WEEK_PIVOT') return choice.startDate != null && proposed.dates.has(choice.startDate);
  let start: Date | null;
  try {
    start = startInstantOf(item, choice, timeZone);
  } catch {
    return false;
  }
  if (start === null || !proposed.instants.has(start.getTime())) return false;
  const clock = wallClockOf(start, timeZone);
  return clock.date === choice.startDate && clock.time === choice.startTime;
}
