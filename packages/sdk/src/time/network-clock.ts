// Why @date-fns/tz: it is small and tree-shakeable, so it fits the browser bundle; date-fns is
// already the kept date library; a Temporal polyfill would cost too much of the first-paint budget.
// The library reads the zone's offsets; the rules below say which instant a wall-clock time means.
//
// The network's clock (its IANA time zone): today on its calendar, the instant of a wall-clock time
// (the first of two where clocks go back, shifted by the gap where they skip it), whole days and
// months moved on its calendar, anniversaries clamped at month ends, and 15-minute slots.
import { TZDate, tzOffset } from '@date-fns/tz';
import { addDays, addMonths, addYears, differenceInCalendarDays, getDaysInMonth } from 'date-fns';

/** Day-pivot start slots and their quarter hours (spec 01 §9). */
export const QUARTER_HOUR_MINUTES = 15;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const QUARTER_HOUR = QUARTER_HOUR_MINUTES * MINUTE;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** What the network's clock shows at an instant. */
export type NetworkWallClock = {
  /** The calendar date, YYYY-MM-DD. */
  readonly date: string;
  /** HH:MM. */
  readonly time: string;
  readonly year: number;
  /** 1 to 12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** ISO weekday: Monday 1 … Sunday 7. */
  readonly weekday: number;
};

const two = (value: number) => String(value).padStart(2, '0');
const dateText = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
const timeOf = (instant: Date | number) => (typeof instant === 'number' ? instant : instant.getTime());

/** The offset of a zone at an instant in minutes; a RangeError for an unknown zone or no instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  if (!Number.isFinite(instant)) throw new RangeError('Not an instant');
  const offset = tzOffset(timeZone, new Date(instant));
  if (!Number.isFinite(offset)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return offset;
}

/** A calendar date as a plain date of the UTC calendar, for date-fns' calendar arithmetic. */
function calendarDate(date: string): TZDate {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: ${date}`);
  return new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 'UTC');
}

const dateOf = (date: TZDate) => dateText(date.getFullYear(), date.getMonth() + 1, date.getDate());

/** What the network's clock shows at an instant. */
export function wallClockOf(instant: Date | number, timeZone: string): NetworkWallClock {
  const at = timeOf(instant);
  return wallClockAt(at, offsetMinutes(at, timeZone));
}

/** What the clock shows and its offset text, the zone read once (an instant's text needs both). */
export function wallClockAndOffsetOf(
  instant: Date | number,
  timeZone: string,
): { clock: NetworkWallClock; offset: string } {
  const at = timeOf(instant);
  const offset = offsetMinutes(at, timeZone);
  return { clock: wallClockAt(at, offset), offset: offsetText(offset) };
}

function wallClockAt(at: number, offset: number): NetworkWallClock {
  // The wall-clock time read as if it were UTC.
  const clock = new Date(at + offset * MINUTE);
  const [year, month, day] = [clock.getUTCFullYear(), clock.getUTCMonth() + 1, clock.getUTCDate()];
  const [hour, minute] = [clock.getUTCHours(), clock.getUTCMinutes()];
  return {
    date: dateText(year, month, day),
    time: `${two(hour)}:${two(minute)}`,
    year,
    month,
    day,
    hour,
    minute,
    second: clock.getUTCSeconds(),
    weekday: clock.getUTCDay() === 0 ? 7 : clock.getUTCDay(),
  };
}

/** Today on the network's calendar, YYYY-MM-DD. */
export function networkToday(timeZone: string, now: Date = new Date()): string {
  return wallClockOf(now, timeZone).date;
}

/** The network's offset from UTC at an instant, ±HH:MM (it tells apart a time shown twice). */
export function utcOffsetOf(instant: Date | number, timeZone: string): string {
  return offsetText(offsetMinutes(timeOf(instant), timeZone));
}

function offsetText(offset: number): string {
  const minutes = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/**
 * The instant the network's clock shows `time` (HH:MM or HH:MM:SS, milliseconds added) on `date`
 * (YYYY-MM-DD): the first of the two where clocks go back over it; where they skip it, the time as
 * far after the gap as it was into it (02:30 on a 02:00 to 03:00 jump is 03:30), so a midnight
 * skipped starts the day where the gap ends.
 */
export function instantAt(date: string, time: string, timeZone: string, milliseconds = 0): Date {
  const day = calendarDate(date);
  const clock = TIME.exec(time);
  if (!clock) throw new RangeError(`Not a wall-clock time: ${time}`);
  const wall =
    Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), Number(clock[1]), Number(clock[2])) +
    Number(clock[3] ?? 0) * 1000 +
    milliseconds;
  // The offsets a day either side: every zone changes its clock at most once within a day.
  const before = wall - offsetMinutes(wall - DAY, timeZone) * MINUTE;
  const after = wall - offsetMinutes(wall + DAY, timeZone) * MINUTE;
  const shows = (instant: number) => instant + offsetMinutes(instant, timeZone) * MINUTE === wall;
  const matches = [before, after].filter(shows);
  return new Date(matches.length > 0 ? Math.min(...matches) : before);
}

/** The first instant of a calendar day on the network's clock. */
export function startOfNetworkDay(date: string, timeZone: string): Date {
  return instantAt(date, '00:00', timeZone);
}

/** The first instant of a month (YYYY-MM, or a date of that month) on the network's clock. */
export function startOfNetworkMonth(month: string, timeZone: string): Date {
  return startOfNetworkDay(`${month.slice(0, 7)}-01`, timeZone);
}

/** A calendar date moved by whole days. */
export function addCalendarDays(date: string, days: number): string {
  return dateOf(addDays(calendarDate(date), days));
}

/**
 * A calendar date moved by whole months: its monthly anniversary, on the month's last day when the
 * month is shorter (31 January + 1 month = 28 or 29 February).
 */
export function addCalendarMonths(date: string, months: number): string {
  return dateOf(addMonths(calendarDate(date), months));
}

/** A calendar date's yearly anniversary: 29 February falls on 28 February in a common year. */
export function addCalendarYears(date: string, years: number): string {
  return dateOf(addYears(calendarDate(date), years));
}

/** The calendar days from one date to another (negative when `to` comes first). */
export function calendarDaysBetween(from: string, to: string): number {
  return differenceInCalendarDays(calendarDate(to), calendarDate(from));
}

/** How many days the month of a date (YYYY-MM-DD or YYYY-MM) has. */
export function daysInMonthOf(date: string): number {
  return getDaysInMonth(calendarDate(`${date.slice(0, 7)}-01`));
}

/** The ISO weekday of a calendar date: Monday 1 … Sunday 7. */
export function weekdayOf(date: string): number {
  const weekday = calendarDate(date).getDay();
  return weekday === 0 ? 7 : weekday;
}

/** An instant moved by whole days of the network's calendar, keeping its wall-clock time. */
export function addNetworkDays(instant: Date | number, days: number, timeZone: string): Date {
  const clock = wallClockOf(instant, timeZone);
  return instantAt(
    addCalendarDays(clock.date, days),
    `${clock.time}:${two(clock.second)}`,
    timeZone,
    new Date(timeOf(instant)).getUTCMilliseconds(),
  );
}

/** An instant moved by whole months of the network's calendar, keeping its time, clamped at month ends. */
export function addNetworkMonths(instant: Date | number, months: number, timeZone: string): Date {
  const clock = wallClockOf(instant, timeZone);
  return instantAt(
    addCalendarMonths(clock.date, months),
    `${clock.time}:${two(clock.second)}`,
    timeZone,
    new Date(timeOf(instant)).getUTCMilliseconds(),
  );
}

/** The start of the quarter hour of the network's clock an instant falls in. */
export function floorToQuarterHour(instant: Date | number, timeZone: string): Date {
  const at = timeOf(instant);
  const clock = wallClockOf(at, timeZone);
  const intoQuarter = ((clock.minute % QUARTER_HOUR_MINUTES) * 60 + clock.second) * 1000;
  return new Date(at - new Date(at).getUTCMilliseconds() - intoQuarter);
}

/** The first quarter hour of the network's clock at or after an instant. */
export function ceilToQuarterHour(instant: Date | number, timeZone: string): Date {
  const floor = floorToQuarterHour(instant, timeZone);
  return floor.getTime() === timeOf(instant) ? floor : new Date(floor.getTime() + QUARTER_HOUR);
}

/**
 * The quarter hours from `from` (a quarter hour, included) to `until` (excluded), 15 minutes of real
 * time apart: a day clocks go forward has 92, one they go back 100.
 */
export function quarterHoursBetween(from: Date | number, until: Date | number): Date[] {
  const slots: Date[] = [];
  for (let at = timeOf(from); at < timeOf(until); at += QUARTER_HOUR) slots.push(new Date(at));
  return slots;
}
