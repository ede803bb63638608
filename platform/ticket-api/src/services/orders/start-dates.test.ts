import { startProposalsOf } from '@transit-shop/sdk/catalogue/start-dates';
import type { PivotType } from '@transit-shop/sdk/contract/catalogue';
import { describe, expect, it } from 'vitest';
import { isProposedStart } from './start-dates.ts';

const QUARTER = 15 * 60_000;
const none = { startMonth: null, startingAt: null };

// The server checks a start by arithmetic; the cart lists the proposals one by one (the sdk's
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
      const slots = proposals.days.flatMap((d) => d.slots.map((slot) => slot.startingAt));
      for (const startingAt of slots)
        expect(isProposedStart(day, { ...none, startingAt }, clock.now, clock.timeZone), startingAt).toBe(
          true,
        );
      const first = Date.parse(slots[0] ?? '');
      const last = Date.parse(slots.at(-1) ?? '');
      for (const outside of [first - QUARTER, last + QUARTER, first + 60_000])
        expect(
          isProposedStart(
            day,
            { ...none, startingAt: new Date(outside).toISOString() },
            clock.now,
            clock.timeZone,
          ),
        ).toBe(false);
    });

    it(`PIVOT-02 PIVOT-04 accepts the Mondays and months proposed at ${clock.now.toISOString()} in ${clock.timeZone}, and no other`, () => {
      const week = item('WEEK_PIVOT', 2);
      const weeks = startProposalsOf(week, clock);
      if (weeks?.pivotType !== 'WEEK_PIVOT') throw new Error('week proposals expected');
      for (const { startingAt } of weeks.weeks)
        expect(isProposedStart(week, { ...none, startingAt }, clock.now, clock.timeZone), startingAt).toBe(
          true,
        );
      const after = Date.parse(weeks.weeks.at(-1)?.startingAt ?? '') + 7 * 86_400_000 + 3_600_000;
      expect(
        isProposedStart(
          week,
          { ...none, startingAt: new Date(after).toISOString() },
          clock.now,
          clock.timeZone,
        ),
      ).toBe(false);

      const month = item('MONTH_PIVOT', 3);
      const months = startProposalsOf(month, clock);
      if (months?.pivotType !== 'MONTH_PIVOT') throw new Error('month proposals expected');
      for (const proposal of months.months) {
        expect(
          isProposedStart(month, { ...none, startMonth: proposal.startMonth }, clock.now, clock.timeZone),
        ).toBe(true);
        expect(
          isProposedStart(month, { ...none, startingAt: proposal.startingAt }, clock.now, clock.timeZone),
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
