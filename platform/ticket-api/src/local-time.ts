// Local wall-clock times of a time zone turned into instants, for slots written in local time.

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

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

/** The wall-clock time of an instant in a time zone, written as if it were UTC (ms). */
export function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The local calendar day of an instant, as days since 1970-01-01. */
export const localDayNumber = (instant: number, timeZone: string) =>
  Math.floor(wallClock(instant, timeZone) / DAY_MS);

/**
 * The instant at which the clocks of a time zone show `minutes` after midnight of local day
 * `day`; null when they never do (the hour skipped when clocks go forward). When they show it
 * twice (clocks going back), the first.
 */
export function instantOfLocal(day: number, minutes: number, timeZone: string): number | null {
  const wall = day * DAY_MS + minutes * 60_000;
  // Offsets before and after a change of the day: at most two candidates.
  const candidates = [wall - 14 * 3_600_000, wall + 14 * 3_600_000]
    .map((probe) => wall - (wallClock(probe, timeZone) - probe))
    .concat(wall - (wallClock(wall, timeZone) - wall));
  const matches = [...new Set(candidates)].filter((instant) => wallClock(instant, timeZone) === wall);
  return matches.length === 0 ? null : Math.min(...matches);
}

/** The local day of an ISO date (YYYY-MM-DD) as days since 1970-01-01. */
export const dayOfIsoDate = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

/** Monday 0 … Sunday 6 of a day number. */
export const weekdayIndexOf = (day: number) => (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
