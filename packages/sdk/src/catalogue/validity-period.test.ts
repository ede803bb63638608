import { describe, expect, it } from 'vitest';
import { validityPeriodOf, validityPeriodSchema } from './validity-period.ts';

const PARIS = 'Europe/Paris';
const month = (pivotValue: number) => ({ pivotType: 'MONTH_PIVOT' as const, pivotValue });
const week = (pivotValue: number) => ({ pivotType: 'WEEK_PIVOT' as const, pivotValue });
const day = (pivotValue: number) => ({ pivotType: 'DAY_PIVOT' as const, pivotValue });

describe('the period an article covers', () => {
  it('a month pivot covers whole months from the first of its start month, leap years included', () => {
    expect(validityPeriodOf(month(1), { startMonth: '2026-12' }, PARIS)).toEqual({
      kind: 'DAYS',
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(validityPeriodOf(month(12), { startMonth: '2027-01' }, PARIS)).toEqual({
      kind: 'DAYS',
      from: '2027-01-01',
      to: '2027-12-31',
    });
    expect(validityPeriodOf(month(1), { startMonth: '2028-02' }, PARIS)?.to).toBe('2028-02-29');
    expect(validityPeriodOf(month(3), { startMonth: '2026-11' }, PARIS)?.to).toBe('2027-01-31');
    // Without a start month, the month its start instant falls in on the network's clock.
    expect(validityPeriodOf(month(1), { startingAt: '2026-11-30T23:00:00Z' }, PARIS)).toEqual({
      kind: 'DAYS',
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('a week pivot covers whole weeks from its Monday, on the network’s calendar', () => {
    // Monday 30 November 2026 starts at 23:00 UTC the day before in Paris.
    expect(validityPeriodOf(week(1), { startingAt: '2026-11-29T23:00:00Z' }, PARIS)).toEqual({
      kind: 'DAYS',
      from: '2026-11-30',
      to: '2026-12-06',
    });
    expect(validityPeriodOf(week(2), { startingAt: '2026-11-29T23:00:00Z' }, 'Africa/Casablanca')).toEqual({
      kind: 'DAYS',
      from: '2026-11-30',
      to: '2026-12-13',
    });
  });

  it('a day pivot runs from its slot to the same time of the network’s clock as many days later', () => {
    expect(validityPeriodOf(day(1), { startingAt: '2026-11-23T09:15:00Z' }, PARIS)).toEqual({
      kind: 'TIMES',
      from: '2026-11-23T09:15:00.000Z',
      to: '2026-11-24T09:15:00.000Z',
    });
    expect(validityPeriodOf(day(7), { startingAt: '2026-11-23T09:15:00Z' }, PARIS)?.to).toBe(
      '2026-11-30T09:15:00.000Z',
    );
    // Clocks go forward in Paris on 28 March 2027: 10:00 to 10:00 is 23 hours.
    expect(validityPeriodOf(day(1), { startingAt: '2027-03-27T09:00:00Z' }, PARIS)?.to).toBe(
      '2027-03-28T08:00:00.000Z',
    );
    // 02:30 does not exist that night: the pass ends when the gap does.
    expect(validityPeriodOf(day(1), { startingAt: '2027-03-27T01:30:00Z' }, PARIS)?.to).toBe(
      '2027-03-28T01:30:00.000Z',
    );
  });

  it('is null for an item valid from purchase, a start it cannot read or an unknown time zone', () => {
    expect(
      validityPeriodOf({ pivotType: null, pivotValue: null }, { startMonth: '2026-12' }, PARIS),
    ).toBeNull();
    expect(validityPeriodOf(month(1), { startMonth: '2026-13' }, PARIS)).toBeNull();
    expect(validityPeriodOf(day(1), { startingAt: null }, PARIS)).toBeNull();
    expect(
      validityPeriodOf(
        { pivotType: 'DAY_PIVOT', pivotValue: null },
        { startingAt: '2026-11-23T09:15:00Z' },
        PARIS,
      ),
    ).toBeNull();
    expect(validityPeriodOf(day(1), { startingAt: '2026-11-23T09:15:00Z' }, 'Mars/Olympus')).toBeNull();
  });

  it('is kept as the schema reads it', () => {
    const period = validityPeriodOf(day(1), { startingAt: '2026-11-23T09:15:00Z' }, PARIS);
    expect(validityPeriodSchema.parse(period)).toEqual(period);
  });
});
