import {
  isProposedStart,
  NO_START as none,
  slotChoiceOf,
  startProposalsOf,
  weekChoiceOf,
} from '@transit-shop/sdk/catalogue/start-dates';
import type { PivotType } from '@transit-shop/sdk/contract/catalogue';
import { addCalendarDays, utcOffsetOf, wallClockOf } from '@transit-shop/sdk/time/network-clock';
import { describe, expect, it } from 'vitest';

const QUARTER = 15 * 60_000;

// The server checks a start with the sdk's isProposedStart; the cart lists the proposals (the sdk's
// startProposalsOf). Every proposal the cart makes must pass, and the next one outside must not.
describe('isProposedStart agrees with the proposals the cart makes', () => {
  const clocks = [
    { now: new Date('2026-11-23T09:07:00Z'), timeZone: 'Europe/Paris' },
    // The night clocks go back in Paris, and a Casablanca month end.
    { now: new Date('2026-10-24T21:50:00Z'), timeZone: 'Europe/Paris' },
    { now: new Date('2027-01-31T23:10:00Z'), timeZone: 'Africa/Casablanca' },
    { now: new Date('2026-12-31T23:59:00Z'), timeZone: 'Europe/Zurich' },
  ];
  const item = (pivotType: PivotType, startProposals: number) => ({ pivotType, startProposals });

  for (const clock of clocks) {
    it(`PIVOT-01 accepts every 15-minute slot proposed at ${clock.now.toISOString()} in ${clock.timeZone}, and no other`, () => {
      const day = item('DAY_PIVOT', 3);
      const proposals = startProposalsOf(day, clock);
      if (proposals?.pivotType !== 'DAY_PIVOT') throw new Error('day proposals expected');
      const slots = proposals.days.flatMap((d) => d.slots.map((slot) => ({ date: d.date, slot })));
      for (const { date, slot } of slots)
        expect(
          isProposedStart(day, slotChoiceOf(date, slot), clock.now, clock.timeZone),
          `${date} ${slot.localTime}`,
        ).toBe(true);
      const first = Date.parse(slots[0]?.slot.startingAt ?? '');
      const last = Date.parse(slots.at(-1)?.slot.startingAt ?? '');
      for (const outside of [first - QUARTER, last + QUARTER, first + 60_000]) {
        const clockShows = wallClockOf(outside, clock.timeZone);
        const choice = {
          ...none,
          startDate: clockShows.date,
          startTime: clockShows.time,
          startOffset: utcOffsetOf(outside, clock.timeZone),
        };
        expect(isProposedStart(day, choice, clock.now, clock.timeZone)).toBe(false);
      }
    });

    it(`PIVOT-02 PIVOT-04 accepts the Mondays and months proposed at ${clock.now.toISOString()} in ${clock.timeZone}, and no other`, () => {
      const week = item('WEEK_PIVOT', 2);
      const weeks = startProposalsOf(week, clock);
      if (weeks?.pivotType !== 'WEEK_PIVOT') throw new Error('week proposals expected');
      for (const proposal of weeks.weeks)
        expect(isProposedStart(week, weekChoiceOf(proposal), clock.now, clock.timeZone), proposal.date).toBe(
          true,
        );
      const weekAfter = addCalendarDays(weeks.weeks.at(-1)?.date ?? '', 7);
      const weekBefore = addCalendarDays(weeks.weeks[0]?.date ?? '', -7);
      for (const startDate of [weekAfter, weekBefore, addCalendarDays(weekAfter, -6)])
        expect(isProposedStart(week, { ...none, startDate }, clock.now, clock.timeZone), startDate).toBe(
          false,
        );

      const month = item('MONTH_PIVOT', 3);
      const months = startProposalsOf(month, clock);
      if (months?.pivotType !== 'MONTH_PIVOT') throw new Error('month proposals expected');
      for (const proposal of months.months) {
        expect(
          isProposedStart(month, { ...none, startMonth: proposal.startMonth }, clock.now, clock.timeZone),
        ).toBe(true);
      }
      const [year, number] = (months.months[0]?.startMonth ?? '').split('-').map(Number) as [number, number];
      const before = new Date(Date.UTC(year, number - 2, 1)).toISOString().slice(0, 7);
      const beyond = new Date(Date.UTC(year, number + 2, 1)).toISOString().slice(0, 7);
      for (const startMonth of [before, beyond])
        expect(isProposedStart(month, { ...none, startMonth }, clock.now, clock.timeZone), startMonth).toBe(
          false,
        );
      expect(isProposedStart(month, none, clock.now, clock.timeZone)).toBe(false);
    });
  }
});

// On a month's last seven days the cart proposes the next month first and one month further
// (decision 0027): at each of these dates, the server takes every month the browser proposes and
// refuses every month it does not.
describe('isProposedStart takes exactly the months the browser proposes, on the last days of a month too', () => {
  const monthly = { pivotType: 'MONTH_PIVOT' as const, startProposals: 3, pivotValue: 1 };
  const dates = [
    { label: 'the 27th of a 30-day month', now: '2026-06-27T09:00:00Z', timeZone: 'Europe/Paris' },
    { label: 'the 24th of a 31-day month', now: '2026-07-24T09:00:00Z', timeZone: 'Europe/Paris' },
    { label: 'the 25th of a 31-day month', now: '2026-07-25T09:00:00Z', timeZone: 'Europe/Paris' },
    { label: '28 February of a leap year', now: '2028-02-28T12:00:00Z', timeZone: 'Europe/Paris' },
    { label: '28 February of a common year', now: '2027-02-28T12:00:00Z', timeZone: 'Europe/Paris' },
    { label: 'the last day of the year', now: '2026-12-31T22:30:00Z', timeZone: 'Europe/Zurich' },
    { label: 'the week clocks go forward in Paris', now: '2026-03-27T08:00:00Z', timeZone: 'Europe/Paris' },
    {
      label: 'the week Casablanca goes back to UTC+1',
      now: '2026-03-27T12:00:00Z',
      timeZone: 'Africa/Casablanca',
    },
  ];
  const monthAfter = (startMonth: string, offset: number) => {
    const [year, month] = startMonth.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(year, month - 1 + offset, 1)).toISOString().slice(0, 7);
  };

  for (const date of dates) {
    it(`PIVOT-02 ${date.label} (${date.now}, ${date.timeZone}): every month proposed is taken, no other`, () => {
      const now = new Date(date.now);
      const proposals = startProposalsOf(monthly, { now, timeZone: date.timeZone });
      if (proposals?.pivotType !== 'MONTH_PIVOT') throw new Error('month proposals expected');
      const proposed = proposals.months.map((month) => month.startMonth);
      for (const startMonth of proposed)
        expect(isProposedStart(monthly, { ...none, startMonth }, now, date.timeZone), startMonth).toBe(true);
      const sorted = [...proposed].sort();
      const outside = [monthAfter(sorted[0] ?? '', -1), monthAfter(sorted.at(-1) ?? '', 1)];
      for (const startMonth of outside)
        expect(isProposedStart(monthly, { ...none, startMonth }, now, date.timeZone), startMonth).toBe(false);
    });
  }

  it('PIVOT-02 on the 25th the month after the three next is proposed and taken; once the month has changed, the last one is refused', () => {
    const timeZone = 'Europe/Paris';
    const on25th = new Date('2026-07-25T09:00:00Z');
    expect(isProposedStart(monthly, { ...none, startMonth: '2026-10' }, on25th, timeZone)).toBe(true);
    expect(isProposedStart(monthly, { ...none, startMonth: '2026-07' }, on25th, timeZone)).toBe(true);
    // The evening of 31 July, 22:30 UTC, is 1 August in Paris: July is no longer proposed.
    const august = new Date('2026-07-31T22:30:00Z');
    const proposals = startProposalsOf(monthly, { now: august, timeZone });
    expect(proposals?.pivotType === 'MONTH_PIVOT' && proposals.months.map((m) => m.startMonth)).toEqual([
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
    expect(isProposedStart(monthly, { ...none, startMonth: '2026-07' }, august, timeZone)).toBe(false);
  });
});
