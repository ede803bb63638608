import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addCalendarMonths,
  addCalendarYears,
  addNetworkDays,
  addNetworkMonths,
  ceilToQuarterHour,
  floorToQuarterHour,
  instantAt,
  networkToday,
  quarterHoursBetween,
  startOfNetworkDay,
  startOfNetworkMonth,
  utcOffsetOf,
  wallClockOf,
} from './network-clock.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const QUARTER = 15 * MINUTE;
const ZONES = ['Europe/Paris', 'Africa/Casablanca', 'Europe/Zurich'] as const;
const FROM = Date.UTC(2026, 0, 1);
const UNTIL = Date.UTC(2029, 0, 1);

// The oracle: Intl's own reading of the zone, independent of the library under test.
const oracles = new Map<string, Intl.DateTimeFormat>();
function oracleWall(instant: number, timeZone: string): number {
  let format = oracles.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    oracles.set(timeZone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(instant)) part[type] = Number(value);
  return (
    Date.UTC(part.year ?? 0, (part.month ?? 1) - 1, part.day, part.hour, part.minute, part.second) +
    (((instant % 1000) + 1000) % 1000)
  );
}
const oracleOffset = (instant: number, timeZone: string) => oracleWall(instant, timeZone) - instant;
const oracleDate = (instant: number, timeZone: string) =>
  new Date(oracleWall(instant, timeZone)).toISOString().slice(0, 10);
const oracleTime = (instant: number, timeZone: string) =>
  new Date(oracleWall(instant, timeZone)).toISOString().slice(11, 19);

/** The instants the zone changes its offset between FROM and UNTIL, found hour by hour. */
function changesOf(timeZone: string): number[] {
  const changes: number[] = [];
  for (let at = FROM; at < UNTIL; at += HOUR)
    if (oracleOffset(at, timeZone) !== oracleOffset(at + HOUR, timeZone)) changes.push(at + HOUR);
  return changes;
}
const CHANGES = new Map<string, number[]>(ZONES.map((zone) => [zone, changesOf(zone)]));
const changes = (timeZone: string) => CHANGES.get(timeZone) ?? [];

const zone = fc.constantFrom(...ZONES);
const anyInstant = fc.integer({ min: FROM, max: UNTIL - 1 });
/** Instants within a few days of a change of clocks, where the rules are tested hardest. */
const nearChange = (timeZone: string) =>
  fc
    .tuple(fc.constantFrom(...changes(timeZone)), fc.integer({ min: -3 * DAY, max: 3 * DAY }))
    .map(([change, shift]) => change + shift);
const instantIn = (timeZone: string) => fc.oneof(anyInstant, nearChange(timeZone));
const zonedInstant = zone.chain((timeZone) => instantIn(timeZone).map((instant) => ({ timeZone, instant })));
const anyDate = fc.integer({ min: 0, max: 3 * 365 }).map((days) => addCalendarDays('2026-01-01', days));
const dayOfChange = zone.chain((timeZone) =>
  fc.constantFrom(...changes(timeZone)).map((change) => ({ timeZone, date: oracleDate(change, timeZone) })),
);
const zonedDate = fc.oneof(fc.record({ timeZone: zone, date: anyDate }), dayOfChange);

describe('the network clock', () => {
  it('sees the changes of clocks it is tested across: twice a year in Paris and Zurich, around Ramadan in Casablanca too', () => {
    expect(
      changes('Europe/Paris')
        .map((at) => oracleDate(at, 'Europe/Paris'))
        .slice(0, 2),
    ).toEqual(['2026-03-29', '2026-10-25']);
    expect(changes('Europe/Zurich')).toEqual(changes('Europe/Paris'));
    // Morocco sets its clocks back an hour for Ramadan and forward after it.
    expect(changes('Africa/Casablanca').filter((at) => at < Date.UTC(2027, 0, 1)).length).toBe(2);
  });

  it("today in the network is the date Intl formats in the network's time zone", () => {
    fc.assert(
      fc.property(zonedInstant, ({ timeZone, instant }) => {
        const expected = new Intl.DateTimeFormat('en-CA', {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }).format(instant);
        expect(networkToday(timeZone, new Date(instant))).toBe(expected);
      }),
    );
  });

  it('reads the wall clock and the UTC offset Intl reads', () => {
    fc.assert(
      fc.property(zonedInstant, ({ timeZone, instant }) => {
        const clock = wallClockOf(instant, timeZone);
        expect(`${clock.date}T${clock.time}:${String(clock.second).padStart(2, '0')}`).toBe(
          `${oracleDate(instant, timeZone)}T${oracleTime(instant, timeZone)}`,
        );
        const offset = oracleOffset(instant, timeZone) / MINUTE;
        const text = `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
        expect(utcOffsetOf(instant, timeZone)).toBe(text);
      }),
    );
  });

  it('a day starts at 00:00 on its own date, and the next day starts on the following date, 23 to 25 hours later', () => {
    fc.assert(
      fc.property(zonedDate, ({ timeZone, date }) => {
        const start = startOfNetworkDay(date, timeZone).getTime();
        expect(`${oracleDate(start, timeZone)} ${oracleTime(start, timeZone)}`).toBe(`${date} 00:00:00`);
        expect(oracleDate(start - 1, timeZone)).toBe(addCalendarDays(date, -1));
        const next = startOfNetworkDay(addCalendarDays(date, 1), timeZone).getTime();
        expect(oracleDate(next, timeZone)).toBe(addCalendarDays(date, 1));
        expect(oracleDate(next - 1, timeZone)).toBe(date);
        expect([23 * HOUR, 24 * HOUR, 25 * HOUR]).toContain(next - start);
      }),
    );
  });

  it('a month starts at 00:00 on its first day', () => {
    fc.assert(
      fc.property(zonedDate, ({ timeZone, date }) => {
        const start = startOfNetworkMonth(date.slice(0, 7), timeZone).getTime();
        expect(`${oracleDate(start, timeZone)} ${oracleTime(start, timeZone)}`).toBe(
          `${date.slice(0, 7)}-01 00:00:00`,
        );
        expect(startOfNetworkMonth(date, timeZone).getTime()).toBe(start);
      }),
    );
  });

  it('adding days keeps the wall-clock time, the first of two where clocks go back, and the time shifted by the gap where they skip it', () => {
    // Instants some days from a change, near its time of day, moved onto the day of the change.
    const ontoChange = zone.chain((timeZone) =>
      fc
        .tuple(
          fc.constantFrom(...changes(timeZone)),
          fc.integer({ min: -40, max: 40 }).filter((days) => days !== 0),
          fc.integer({ min: -2 * HOUR, max: 2 * HOUR }),
        )
        .map(([change, days, shift]) => ({ timeZone, instant: change + shift - days * DAY, days })),
    );
    const anyMove = fc
      .tuple(zonedInstant, fc.integer({ min: -400, max: 400 }))
      .map(([{ timeZone, instant }, days]) => ({ timeZone, instant, days }));
    fc.assert(
      fc.property(fc.oneof(anyMove, ontoChange), ({ timeZone, instant, days }) => {
        const moved = addNetworkDays(new Date(instant), days, timeZone).getTime();
        const date = addCalendarDays(oracleDate(instant, timeZone), days);
        const wall = Date.parse(`${date}T${oracleTime(instant, timeZone)}Z`) + (instant % 1000);
        // Every instant showing that wall-clock time: at most one per offset the zone has that day.
        const showing = [...new Set([oracleOffset(wall - DAY, timeZone), oracleOffset(wall + DAY, timeZone)])]
          .map((offset) => wall - offset)
          .filter((candidate) => oracleWall(candidate, timeZone) === wall);
        if (showing.length > 0) expect(moved).toBe(Math.min(...showing));
        else {
          // Skipped: as far past the gap as the time was into it.
          const gap = oracleOffset(wall + DAY, timeZone) - oracleOffset(wall - DAY, timeZone);
          expect(gap).toBeGreaterThan(0);
          expect(oracleWall(moved, timeZone)).toBe(wall + gap);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the instant of a wall-clock time skipped by the clocks is that time shifted by the gap; one shown twice is the first', () => {
    expect(instantAt('2026-03-29', '02:30', 'Europe/Paris').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(instantAt('2026-10-25', '02:30', 'Europe/Paris').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(instantAt('2026-10-25', '03:00', 'Europe/Paris').toISOString()).toBe('2026-10-25T02:00:00.000Z');
    // Santiago skips midnight: the day starts at 01:00.
    expect(startOfNetworkDay('2026-09-06', 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it('adding months keeps the wall-clock time and clamps at month ends, across changes of clocks', () => {
    expect(addNetworkMonths(new Date('2028-01-31T09:00:00Z'), 2, 'Europe/Paris').toISOString()).toBe(
      '2028-03-31T08:00:00.000Z',
    );
    expect(addNetworkMonths(new Date('2028-01-31T09:00:00Z'), 1, 'Europe/Paris').toISOString()).toBe(
      '2028-02-29T09:00:00.000Z',
    );
    fc.assert(
      fc.property(zonedInstant, fc.integer({ min: -30, max: 30 }), ({ timeZone, instant }, months) => {
        const moved = addNetworkMonths(instant, months, timeZone).getTime();
        const date = addCalendarMonths(oracleDate(instant, timeZone), months);
        const time = oracleTime(instant, timeZone);
        const expected = instantAt(date, time, timeZone, instant % 1000).getTime();
        expect(moved).toBe(expected);
        if (oracleTime(moved, timeZone) === time) expect(oracleDate(moved, timeZone)).toBe(date);
      }),
    );
  });

  it('month ends of a leap year: 31 January + 1 month is 29 February, 29 February + 12 months is 28 February', () => {
    expect(addCalendarMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addCalendarMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addCalendarMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addCalendarMonths('2028-05-31', 1)).toBe('2028-06-30');
    expect(addCalendarMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addCalendarYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addCalendarYears('2028-02-29', 4)).toBe('2032-02-29');
    expect(addCalendarYears('2028-02-29', -1)).toBe('2027-02-28');
    const monthEnds = Array.from({ length: 12 }, (_, month) =>
      new Date(Date.UTC(2028, month + 1, 0)).toISOString().slice(0, 10),
    );
    fc.assert(
      fc.property(fc.constantFrom(...monthEnds), fc.integer({ min: -36, max: 36 }), (date, months) => {
        const [year, month, day] = date.split('-').map(Number) as [number, number, number];
        const lastOfTarget = new Date(Date.UTC(year, month - 1 + months + 1, 0));
        const expected = new Date(
          Date.UTC(
            lastOfTarget.getUTCFullYear(),
            lastOfTarget.getUTCMonth(),
            Math.min(day, lastOfTarget.getUTCDate()),
          ),
        );
        expect(addCalendarMonths(date, months)).toBe(expected.toISOString().slice(0, 10));
      }),
    );
  });

  it('the anniversary of any date is the same day of the month, or the month’s last day when shorter', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: 0, max: 48 }), (date, months) => {
        const [year, month, day] = date.split('-').map(Number) as [number, number, number];
        const last = new Date(Date.UTC(year, month - 1 + months + 1, 0));
        const expected = new Date(
          Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), Math.min(day, last.getUTCDate())),
        );
        expect(addCalendarMonths(date, months)).toBe(expected.toISOString().slice(0, 10));
        expect(addCalendarYears(date, months)).toBe(addCalendarMonths(date, 12 * months));
      }),
    );
  });

  it("a day's quarter hours start on the quarter on its own date, 15 minutes apart, and none straddles a change of clocks", () => {
    fc.assert(
      fc.property(zonedDate, ({ timeZone, date }) => {
        const start = startOfNetworkDay(date, timeZone);
        const end = startOfNetworkDay(addCalendarDays(date, 1), timeZone);
        const slots = quarterHoursBetween(start, end).map((slot) => slot.getTime());
        expect(slots.length).toBe((end.getTime() - start.getTime()) / QUARTER);
        expect([92, 96, 100]).toContain(slots.length);
        for (const slot of slots) {
          expect(oracleDate(slot, timeZone)).toBe(date);
          expect(Number(oracleTime(slot, timeZone).slice(3, 5)) % 15).toBe(0);
          expect(oracleTime(slot, timeZone).slice(6)).toBe('00');
          expect(oracleOffset(slot + QUARTER - 1000, timeZone)).toBe(oracleOffset(slot, timeZone));
        }
      }),
    );
  });

  it('floors and ceils an instant to the quarter hours of the wall clock', () => {
    fc.assert(
      fc.property(zonedInstant, ({ timeZone, instant }) => {
        const floor = floorToQuarterHour(instant, timeZone).getTime();
        const ceil = ceilToQuarterHour(instant, timeZone).getTime();
        expect(floor).toBeLessThanOrEqual(instant);
        expect(instant - floor).toBeLessThan(QUARTER);
        expect(ceil).toBeGreaterThanOrEqual(instant);
        expect(ceil - instant).toBeLessThan(QUARTER);
        for (const quarter of [floor, ceil]) {
          expect(Number(oracleTime(quarter, timeZone).slice(3, 5)) % 15).toBe(0);
          expect(oracleTime(quarter, timeZone).slice(6)).toBe('00');
          expect(quarter % 1000).toBe(0);
        }
        expect(ceil === floor).toBe(instant === floor);
      }),
    );
  });
});
