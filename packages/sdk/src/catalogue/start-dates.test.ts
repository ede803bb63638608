import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors/app-error.ts';
import {
  type DayStartProposal,
  firstStartOf,
  isProposedStart,
  isSameStart,
  monthStartOf,
  NO_START,
  type StartProposals,
  slotChoiceAt,
  slotChoiceOf,
  startInstantOf,
  startProposalsOf,
} from './start-dates.ts';

const PARIS = 'Europe/Paris';
const ZURICH = 'Europe/Zurich';
const CASABLANCA = 'Africa/Casablanca';

const at = (iso: string) => new Date(iso);
const day = (pivot: StartProposals | null): readonly DayStartProposal[] => {
  if (pivot?.pivotType !== 'DAY_PIVOT') throw new Error('not a day pivot');
  return pivot.days;
};
const weeks = (pivot: StartProposals | null) => {
  if (pivot?.pivotType !== 'WEEK_PIVOT') throw new Error('not a week pivot');
  return pivot.weeks;
};
const months = (pivot: StartProposals | null) => {
  if (pivot?.pivotType !== 'MONTH_PIVOT') throw new Error('not a month pivot');
  return pivot.months;
};

/** The error of a call, which must throw. */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

const dayPivot = (startProposals: number | null) => ({ pivotType: 'DAY_PIVOT' as const, startProposals });
const weekPivot = (startProposals: number | null) => ({ pivotType: 'WEEK_PIVOT' as const, startProposals });
const monthPivot = (startProposals: number | null) => ({ pivotType: 'MONTH_PIVOT' as const, startProposals });

describe('start date proposals', () => {
  it('an item valid from purchase proposes none', () => {
    expect(
      startProposalsOf({ pivotType: null, startProposals: null }, { now: new Date(), timeZone: PARIS }),
    ).toBe(null);
  });

  describe('PIVOT-01 day pivot: 15-minute slots on the network clock', () => {
    it('PIVOT-01 starts with the slot under way, then every 15 minutes to midnight, then whole days', () => {
      // 10:07:42 in Paris (UTC+1 in January).
      const days = day(
        startProposalsOf(dayPivot(3), { now: at('2026-01-14T09:07:42.500Z'), timeZone: PARIS }),
      );
      expect(days.map((d) => d.date)).toEqual(['2026-01-14', '2026-01-15', '2026-01-16']);
      const [today, tomorrow] = days;
      expect(today?.slots[0]).toEqual({
        startingAt: '2026-01-14T09:00:00.000Z',
        localTime: '10:00',
        utcOffset: '+01:00',
        shownTwice: false,
      });
      expect(today?.slots[1]?.localTime).toBe('10:15');
      expect(today?.slots.at(-1)?.localTime).toBe('23:45');
      // 10:00 to 23:45: 14 hours of 4 slots.
      expect(today?.slots).toHaveLength(56);
      expect(tomorrow?.slots).toHaveLength(96);
      expect(tomorrow?.slots[0]).toMatchObject({
        startingAt: '2026-01-14T23:00:00.000Z',
        localTime: '00:00',
      });
      for (const slots of days.map((d) => d.slots)) {
        for (let index = 1; index < slots.length; index += 1) {
          const gap =
            Date.parse(slots[index]?.startingAt ?? '') - Date.parse(slots[index - 1]?.startingAt ?? '');
          expect(gap).toBe(15 * 60_000);
        }
      }
    });

    it('PIVOT-01 a slot boundary itself is the first slot', () => {
      const [today] = day(
        startProposalsOf(dayPivot(1), { now: at('2026-01-14T22:45:00.000Z'), timeZone: PARIS }),
      );
      expect(today?.slots.map((s) => s.localTime)).toEqual(['23:45']);
    });

    it('PIVOT-01 the night clocks go forward in Paris has 92 slots and no 02:xx', () => {
      // Saturday 28 March 2026, 21:10 in Paris: today, then Sunday 29 March (02:00 becomes 03:00).
      const [, sunday, monday] = day(
        startProposalsOf(dayPivot(3), { now: at('2026-03-28T20:10:00Z'), timeZone: PARIS }),
      );
      expect(sunday?.date).toBe('2026-03-29');
      expect(sunday?.slots).toHaveLength(92);
      const times = sunday?.slots.map((s) => s.localTime) ?? [];
      expect(times.filter((time) => time.startsWith('02:'))).toEqual([]);
      expect(times.slice(7, 10)).toEqual(['01:45', '03:00', '03:15']);
      expect(sunday?.slots[7]).toMatchObject({ startingAt: '2026-03-29T00:45:00.000Z', utcOffset: '+01:00' });
      expect(sunday?.slots[8]).toMatchObject({ startingAt: '2026-03-29T01:00:00.000Z', utcOffset: '+02:00' });
      expect(monday?.slots[0]).toMatchObject({ startingAt: '2026-03-29T22:00:00.000Z', localTime: '00:00' });
    });

    it('PIVOT-01 the night clocks go back in Paris has 100 slots, 02:00 to 02:45 twice with their offsets', () => {
      const [sunday] = day(
        startProposalsOf(dayPivot(1), { now: at('2026-10-24T22:00:00Z'), timeZone: PARIS }),
      );
      expect(sunday?.date).toBe('2026-10-25');
      expect(sunday?.slots).toHaveLength(100);
      const twoOClock = sunday?.slots.filter((s) => s.localTime === '02:00');
      expect(twoOClock).toEqual([
        { startingAt: '2026-10-25T00:00:00.000Z', localTime: '02:00', utcOffset: '+02:00', shownTwice: true },
        { startingAt: '2026-10-25T01:00:00.000Z', localTime: '02:00', utcOffset: '+01:00', shownTwice: true },
      ]);
      expect(sunday?.slots.filter((s) => s.shownTwice).map((s) => s.localTime)).toEqual([
        '02:00',
        '02:15',
        '02:30',
        '02:45',
        '02:00',
        '02:15',
        '02:30',
        '02:45',
      ]);
      expect(sunday?.slots.at(-1)).toMatchObject({
        startingAt: '2026-10-25T22:45:00.000Z',
        localTime: '23:45',
      });
    });

    it('PIVOT-01 during the night clocks go forward, the slot under way is read on the new clock', () => {
      // 01:00:30 UTC on 29 March is 03:00:30 in Paris: the first slot is 03:00.
      const [today] = day(
        startProposalsOf(dayPivot(1), { now: at('2026-03-29T01:00:30Z'), timeZone: PARIS }),
      );
      expect(today?.slots[0]).toMatchObject({ startingAt: '2026-03-29T01:00:00.000Z', localTime: '03:00' });
      expect(today?.slots).toHaveLength(84);
    });

    it('PIVOT-01 Casablanca: clocks go back from 03:00 to 02:00 on 15 February 2026 and forward on 22 March', () => {
      const [, back] = day(
        startProposalsOf(dayPivot(2), { now: at('2026-02-14T12:00:00Z'), timeZone: CASABLANCA }),
      );
      expect(back?.date).toBe('2026-02-15');
      expect(back?.slots).toHaveLength(100);
      expect(back?.slots[0]).toMatchObject({ startingAt: '2026-02-14T23:00:00.000Z', utcOffset: '+01:00' });
      const [, forward] = day(
        startProposalsOf(dayPivot(2), { now: at('2026-03-21T12:00:00Z'), timeZone: CASABLANCA }),
      );
      expect(forward?.slots).toHaveLength(92);
      expect(forward?.slots[0]).toMatchObject({
        startingAt: '2026-03-22T00:00:00.000Z',
        utcOffset: '+00:00',
      });
    });

    it('PIVOT-01 a day whose midnight does not exist starts when the clock jumps (Santiago, 6 September 2026)', () => {
      const [, sunday] = day(
        startProposalsOf(dayPivot(2), { now: at('2026-09-05T15:00:00Z'), timeZone: 'America/Santiago' }),
      );
      expect(sunday?.date).toBe('2026-09-06');
      expect(sunday?.slots[0]).toEqual({
        startingAt: '2026-09-06T04:00:00.000Z',
        localTime: '01:00',
        utcOffset: '-03:00',
        shownTwice: false,
      });
      expect(sunday?.slots).toHaveLength(92);
    });

    it('PIVOT-01 the day is the network’s, not the UTC one: 23:30 UTC is already tomorrow in Zurich', () => {
      const [today] = day(
        startProposalsOf(dayPivot(1), { now: at('2026-07-31T23:30:00Z'), timeZone: ZURICH }),
      );
      expect(today?.date).toBe('2026-08-01');
      expect(today?.slots[0]?.localTime).toBe('01:30');
    });
  });

  describe('PIVOT-02 month pivot: months starting on the first, the current month first', () => {
    it('PIVOT-02 on 15 January proposes January, February and March, each from its first at midnight in Paris', () => {
      expect(
        months(startProposalsOf(monthPivot(3), { now: at('2026-01-15T10:00:00Z'), timeZone: PARIS })),
      ).toEqual([
        { startMonth: '2026-01', date: '2026-01-01', startingAt: '2025-12-31T23:00:00.000Z', days: 17 },
        { startMonth: '2026-02', date: '2026-02-01', startingAt: '2026-01-31T23:00:00.000Z', days: 28 },
        { startMonth: '2026-03', date: '2026-03-01', startingAt: '2026-02-28T23:00:00.000Z', days: 31 },
      ]);
    });

    it('PIVOT-02 the month changes on the network clock: 23:30 UTC on 31 January is February in Paris', () => {
      const [current] = months(
        startProposalsOf(monthPivot(1), { now: at('2026-01-31T23:30:00Z'), timeZone: PARIS }),
      );
      expect(current).toMatchObject({ startMonth: '2026-02', days: 28 });
    });

    it('PIVOT-02 crosses the year and a summer-time change (Zurich: April starts at UTC+2)', () => {
      const proposed = months(
        startProposalsOf(monthPivot(5), { now: at('2025-12-15T08:00:00Z'), timeZone: ZURICH }),
      );
      expect(proposed.map((m) => m.startMonth)).toEqual([
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
      ]);
      expect(proposed.at(-1)?.startingAt).toBe('2026-03-31T22:00:00.000Z');
    });

    it('PIVOT-02 Casablanca: March 2026 starts at UTC+0, April at UTC+1', () => {
      const proposed = months(
        startProposalsOf(monthPivot(2), { now: at('2026-03-10T12:00:00Z'), timeZone: CASABLANCA }),
      );
      expect(proposed.map((m) => m.startingAt)).toEqual([
        '2026-03-01T00:00:00.000Z',
        '2026-03-31T23:00:00.000Z',
      ]);
    });

    it('PIVOT-02 on the last seven days of a month the next month comes first, the current one after it with its few days', () => {
      // Saturday 27 June 2026 (a 30-day month), 11:00 in Paris: four days of June are left.
      expect(
        months(startProposalsOf(monthPivot(3), { now: at('2026-06-27T09:00:00Z'), timeZone: PARIS })),
      ).toEqual([
        { startMonth: '2026-07', date: '2026-07-01', startingAt: '2026-06-30T22:00:00.000Z', days: 31 },
        { startMonth: '2026-06', date: '2026-06-01', startingAt: '2026-05-31T22:00:00.000Z', days: 4 },
        { startMonth: '2026-08', date: '2026-08-01', startingAt: '2026-07-31T22:00:00.000Z', days: 31 },
        { startMonth: '2026-09', date: '2026-09-01', startingAt: '2026-08-31T22:00:00.000Z', days: 30 },
      ]);
    });

    it('PIVOT-02 in a 31-day month the 24th still proposes the current month first, the 25th the next one', () => {
      const on = (iso: string) =>
        months(startProposalsOf(monthPivot(3), { now: at(iso), timeZone: PARIS })).map(
          (month) => `${month.startMonth}:${month.days}`,
        );
      expect(on('2026-07-24T10:00:00Z')).toEqual(['2026-07:8', '2026-08:31', '2026-09:30']);
      expect(on('2026-07-25T10:00:00Z')).toEqual(['2026-08:31', '2026-07:7', '2026-09:30', '2026-10:31']);
      // The boundary is the network's midnight: 22:30 UTC on the 24th is already the 25th in Paris.
      expect(on('2026-07-24T22:30:00Z')[0]).toBe('2026-08:31');
    });

    it('PIVOT-02 on 28 February the next month comes first, leap year or not; on the last day the current month covers one day', () => {
      const on = (iso: string) =>
        months(startProposalsOf(monthPivot(2), { now: at(iso), timeZone: PARIS })).map(
          (month) => `${month.startMonth}:${month.days}`,
        );
      expect(on('2028-02-28T12:00:00Z')).toEqual(['2028-03:31', '2028-02:2', '2028-04:30']);
      expect(on('2027-02-28T12:00:00Z')).toEqual(['2027-03:31', '2027-02:1', '2027-04:30']);
      expect(on('2026-12-31T12:00:00Z')).toEqual(['2027-01:31', '2026-12:1', '2027-02:28']);
    });

    it('PIVOT-02 a pass of several months counts its days to the end of its last month', () => {
      const annual = { pivotType: 'MONTH_PIVOT' as const, startProposals: 2, pivotValue: 12 };
      expect(
        months(startProposalsOf(annual, { now: at('2026-06-27T09:00:00Z'), timeZone: PARIS })).map(
          (month) => `${month.startMonth}:${month.days}`,
        ),
      ).toEqual(['2026-07:365', '2026-06:339', '2026-08:365']);
      expect(
        months(startProposalsOf(annual, { now: at('2027-05-10T09:00:00Z'), timeZone: PARIS })).map(
          (month) => `${month.startMonth}:${month.days}`,
        ),
      ).toEqual(['2027-05:357', '2027-06:366']);
    });

    it('PIVOT-02 the month change across daylight saving in Paris: on 27 March April comes first, from midnight summer time', () => {
      // Clocks go forward on 29 March 2026; 1 April starts at 22:00 UTC on 31 March.
      expect(
        months(startProposalsOf(monthPivot(2), { now: at('2026-03-27T08:00:00Z'), timeZone: PARIS })),
      ).toEqual([
        { startMonth: '2026-04', date: '2026-04-01', startingAt: '2026-03-31T22:00:00.000Z', days: 30 },
        { startMonth: '2026-03', date: '2026-03-01', startingAt: '2026-02-28T23:00:00.000Z', days: 5 },
        { startMonth: '2026-05', date: '2026-05-01', startingAt: '2026-04-30T22:00:00.000Z', days: 31 },
      ]);
      // 22:30 UTC on 31 March is 00:30 on 1 April in Paris: April is the current month, all of it.
      expect(
        months(startProposalsOf(monthPivot(2), { now: at('2026-03-31T22:30:00Z'), timeZone: PARIS })).map(
          (month) => `${month.startMonth}:${month.days}`,
        ),
      ).toEqual(['2026-04:30', '2026-05:31']);
    });

    it('PIVOT-02 the month change across daylight saving in Casablanca: March began at UTC+0, April begins at UTC+1', () => {
      expect(
        months(startProposalsOf(monthPivot(1), { now: at('2026-03-27T12:00:00Z'), timeZone: CASABLANCA })),
      ).toEqual([
        { startMonth: '2026-04', date: '2026-04-01', startingAt: '2026-03-31T23:00:00.000Z', days: 30 },
        { startMonth: '2026-03', date: '2026-03-01', startingAt: '2026-03-01T00:00:00.000Z', days: 5 },
      ]);
      // 23:30 UTC on 31 March is 00:30 on 1 April in Casablanca (UTC+1).
      expect(
        months(
          startProposalsOf(monthPivot(1), { now: at('2026-03-31T23:30:00Z'), timeZone: CASABLANCA }),
        ).map((month) => `${month.startMonth}:${month.days}`),
      ).toEqual(['2026-04:30']);
    });

    it('monthStartOf gives the instant the cart’s startMonth begins', () => {
      expect(monthStartOf('2026-02', PARIS)).toBe('2026-01-31T23:00:00.000Z');
      expect(monthStartOf('2026-08', ZURICH)).toBe('2026-07-31T22:00:00.000Z');
      expect(
        startInstantOf({ pivotType: 'MONTH_PIVOT' }, { startMonth: '2026-04' }, CASABLANCA)?.toISOString(),
      ).toBe('2026-03-31T23:00:00.000Z');
    });
  });

  describe('PIVOT-03 a month-pivot start that cannot be computed', () => {
    const cannotCompute = { code: 'ARTICLE_START_DATE', message: 'Cannot compute article start date' };

    it('PIVOT-03 startInstantOf fails with "Cannot compute article start date" for an article without a start month, or a malformed one', () => {
      for (const startMonth of [undefined, null, '', '2026-13', '2026-2', 'février']) {
        const error = thrown(() => startInstantOf({ pivotType: 'MONTH_PIVOT' }, { startMonth }, PARIS));
        expect(isAppError(error)).toBe(true);
        expect(error).toMatchObject(cannotCompute);
      }
    });

    it('PIVOT-03 a month pivot without start proposals, or in an unknown time zone, fails the same way', () => {
      expect(
        thrown(() => startProposalsOf(monthPivot(null), { now: new Date(), timeZone: PARIS })),
      ).toMatchObject(cannotCompute);
      expect(
        thrown(() => startProposalsOf(monthPivot(0), { now: new Date(), timeZone: PARIS })),
      ).toMatchObject(cannotCompute);
      expect(
        thrown(() => startProposalsOf(monthPivot(3), { now: new Date(), timeZone: 'Mars/Olympus' })),
      ).toMatchObject(cannotCompute);
      expect(thrown(() => monthStartOf('2026-02', 'Mars/Olympus'))).toMatchObject(cannotCompute);
      expect(
        thrown(() => startProposalsOf(monthPivot(3), { now: new Date(Number.NaN), timeZone: PARIS })),
      ).toMatchObject(cannotCompute);
    });

    it('a day or week article without its day or time fails the same way; an item without pivot starts at purchase', () => {
      expect(startInstantOf({ pivotType: null }, NO_START, PARIS)).toBe(null);
      for (const [pivotType, choice] of [
        ['WEEK_PIVOT', {}],
        ['WEEK_PIVOT', { startDate: '2026-13-01' }],
        ['DAY_PIVOT', { startDate: '2026-03-29' }],
        ['DAY_PIVOT', { startDate: '2026-03-29', startTime: '9:15' }],
        ['DAY_PIVOT', { startTime: '09:15' }],
      ] as const)
        expect(thrown(() => startInstantOf({ pivotType }, choice, PARIS))).toMatchObject(cannotCompute);
      expect(
        thrown(() =>
          startInstantOf({ pivotType: 'WEEK_PIVOT' }, { startDate: '2026-03-30' }, 'Mars/Olympus'),
        ),
      ).toMatchObject(cannotCompute);
    });
  });

  describe('PIVOT-04 week pivot: weeks starting on Monday, the current week first', () => {
    it('PIVOT-04 on a Sunday evening proposes the Monday before, then the next Mondays, at midnight in Paris', () => {
      // Sunday 29 March 2026, 22:30 in Paris (clocks went forward that night).
      expect(
        weeks(startProposalsOf(weekPivot(3), { now: at('2026-03-29T20:30:00Z'), timeZone: PARIS })),
      ).toEqual([
        { date: '2026-03-23', startingAt: '2026-03-22T23:00:00.000Z' },
        { date: '2026-03-30', startingAt: '2026-03-29T22:00:00.000Z' },
        { date: '2026-04-06', startingAt: '2026-04-05T22:00:00.000Z' },
      ]);
    });

    it('PIVOT-04 on a Monday the current week starts that day; weeks run across month ends', () => {
      const proposed = weeks(
        startProposalsOf(weekPivot(2), { now: at('2026-08-31T05:00:00Z'), timeZone: ZURICH }),
      );
      expect(proposed.map((w) => w.date)).toEqual(['2026-08-31', '2026-09-07']);
    });

    it('PIVOT-04 Sunday 23:30 UTC is already Monday in Casablanca (UTC+1)', () => {
      const [current] = weeks(
        startProposalsOf(weekPivot(1), { now: at('2026-01-11T23:30:00Z'), timeZone: CASABLANCA }),
      );
      expect(current).toEqual({ date: '2026-01-12', startingAt: '2026-01-11T23:00:00.000Z' });
    });
  });

  describe('the chosen start, and the instant the network clock gives it (decision 0038)', () => {
    it('a week starts at 00:00 on its Monday in the network, whatever the clock that chose it', () => {
      expect(
        startInstantOf({ pivotType: 'WEEK_PIVOT' }, { startDate: '2026-12-07' }, CASABLANCA)?.toISOString(),
      ).toBe('2026-12-06T23:00:00.000Z');
      expect(
        startInstantOf({ pivotType: 'WEEK_PIVOT' }, { startDate: '2026-03-30' }, PARIS)?.toISOString(),
      ).toBe('2026-03-29T22:00:00.000Z');
    });

    it('a slot is its day and time on the network clock; the offset picks one of a time shown twice and is ignored otherwise', () => {
      const slot = (startDate: string, startTime: string, startOffset: string | null, timeZone = PARIS) =>
        startInstantOf(
          { pivotType: 'DAY_PIVOT' },
          { startDate, startTime, startOffset },
          timeZone,
        )?.toISOString();
      expect(slot('2026-03-29', '03:00', null)).toBe('2026-03-29T01:00:00.000Z');
      expect(slot('2026-10-25', '02:15', null)).toBe('2026-10-25T00:15:00.000Z');
      expect(slot('2026-10-25', '02:15', '+02:00')).toBe('2026-10-25T00:15:00.000Z');
      expect(slot('2026-10-25', '02:15', '+01:00')).toBe('2026-10-25T01:15:00.000Z');
      expect(slot('2026-10-25', '02:15', '+05:00')).toBe('2026-10-25T00:15:00.000Z');
      // Shown once: the offset a page's own zone data wrote beside it changes nothing.
      expect(slot('2026-12-07', '10:00', '+00:00', CASABLANCA)).toBe('2026-12-07T09:00:00.000Z');
    });

    it('every slot proposed, chosen by its day and time (and offset when shown twice), is the instant proposed', () => {
      const clocks = [
        { now: at('2026-10-24T10:00:00Z'), timeZone: PARIS },
        { now: at('2026-03-28T20:10:00Z'), timeZone: PARIS },
        { now: at('2026-02-14T12:00:00Z'), timeZone: CASABLANCA },
        { now: at('2026-12-04T22:05:00Z'), timeZone: CASABLANCA },
        { now: at('2026-09-05T15:00:00Z'), timeZone: 'America/Santiago' },
      ];
      for (const clock of clocks) {
        for (const proposal of day(startProposalsOf(dayPivot(3), clock))) {
          for (const slot of proposal.slots) {
            const choice = slotChoiceOf(proposal.date, slot);
            expect(startInstantOf({ pivotType: 'DAY_PIVOT' }, choice, clock.timeZone)?.toISOString()).toBe(
              slot.startingAt,
            );
            expect(isProposedStart(dayPivot(3), choice, clock.now, clock.timeZone)).toBe(true);
          }
        }
      }
    });

    it('PIVOT-01 a time the clocks skip, a past slot or a day not proposed is refused', () => {
      const now = at('2026-03-28T20:10:00Z');
      const choice = (startDate: string, startTime: string) => ({ ...NO_START, startDate, startTime });
      expect(isProposedStart(dayPivot(3), choice('2026-03-29', '03:00'), now, PARIS)).toBe(true);
      expect(isProposedStart(dayPivot(3), choice('2026-03-29', '02:30'), now, PARIS)).toBe(false);
      expect(isProposedStart(dayPivot(3), choice('2026-03-28', '20:45'), now, PARIS)).toBe(false);
      expect(isProposedStart(dayPivot(3), choice('2026-03-31', '10:00'), now, PARIS)).toBe(false);
      expect(isProposedStart(dayPivot(3), choice('2026-03-29', '03:07'), now, PARIS)).toBe(false);
      expect(isProposedStart(weekPivot(2), { startDate: '2026-03-23' }, now, PARIS)).toBe(true);
      expect(isProposedStart(weekPivot(2), { startDate: '2026-03-24' }, now, PARIS)).toBe(false);
      expect(isProposedStart(weekPivot(2), {}, now, PARIS)).toBe(false);
    });

    it('the first proposal is the default choice; a choice names its start once', () => {
      const clock = { now: at('2026-10-25T00:20:00Z'), timeZone: PARIS };
      // 02:20 summer time, the first time the clocks show it.
      expect(firstStartOf(startProposalsOf(dayPivot(1), clock))).toEqual({
        startMonth: null,
        startDate: '2026-10-25',
        startTime: '02:15',
        startOffset: '+02:00',
      });
      expect(firstStartOf(startProposalsOf(weekPivot(1), clock))).toEqual({
        ...NO_START,
        startDate: '2026-10-19',
      });
      expect(firstStartOf(startProposalsOf(monthPivot(1), clock))).toEqual({
        ...NO_START,
        startMonth: '2026-11',
      });
      expect(firstStartOf(null)).toEqual(NO_START);
      expect(isSameStart({ startDate: '2026-10-19' }, { ...NO_START, startDate: '2026-10-19' })).toBe(true);
      expect(isSameStart({ startDate: '2026-10-19' }, { startDate: '2026-10-26' })).toBe(false);
      expect(
        isSameStart(
          { startDate: '2026-10-25', startTime: '02:15', startOffset: '+02:00' },
          { startDate: '2026-10-25', startTime: '02:15', startOffset: '+01:00' },
        ),
      ).toBe(false);
    });

    it('the slot an instant starts is read back as its day and time, with its offset when the time shows twice', () => {
      expect(slotChoiceAt(at('2026-11-23T09:15:00Z'), PARIS)).toEqual({
        ...NO_START,
        startDate: '2026-11-23',
        startTime: '10:15',
      });
      expect(slotChoiceAt(at('2026-10-25T01:15:00Z'), PARIS)).toEqual({
        ...NO_START,
        startDate: '2026-10-25',
        startTime: '02:15',
        startOffset: '+01:00',
      });
      expect(slotChoiceAt(at('2026-10-25T00:15:00Z'), PARIS)).toMatchObject({ startOffset: '+02:00' });
    });
  });
});
