import { describe, expect, it } from 'vitest';
import { wallClockOf } from '../time/network-clock.ts';
import {
  billingInstantOf,
  noticeInstantOf,
  periodIndexOn,
  periodStartOf,
  periodValidityOf,
  retryInstantOf,
} from './renewal-schedule.ts';

const ZONES = ['Europe/Paris', 'Europe/Zurich', 'Africa/Casablanca'] as const;
const monthly = { pivotType: 'MONTH_PIVOT', pivotValue: 1 } as const;

describe('renewal schedule (SUB-04)', () => {
  it.each(ZONES)(
    'SUB-04 monthly periods in %s follow whole months across month ends and a leap year',
    (zone) => {
      const first = { startMonth: '2027-12', startingAt: null };
      const periods = Array.from({ length: 15 }, (_, n) => periodValidityOf(monthly, first, n, zone));
      expect(periods.map((period) => (period.kind === 'DAYS' ? `${period.from}/${period.to}` : ''))).toEqual([
        '2027-12-01/2027-12-31',
        '2028-01-01/2028-01-31',
        '2028-02-01/2028-02-29',
        '2028-03-01/2028-03-31',
        '2028-04-01/2028-04-30',
        '2028-05-01/2028-05-31',
        '2028-06-01/2028-06-30',
        '2028-07-01/2028-07-31',
        '2028-08-01/2028-08-31',
        '2028-09-01/2028-09-30',
        '2028-10-01/2028-10-31',
        '2028-11-01/2028-11-30',
        '2028-12-01/2028-12-31',
        '2029-01-01/2029-01-31',
        '2029-02-01/2029-02-28',
      ]);
    },
  );

  it.each(ZONES)(
    'SUB-04 a renewal in %s is charged three days ahead at 06:00 and retried each day at 06:00',
    (zone) => {
      const march = periodValidityOf(monthly, { startMonth: '2028-02', startingAt: null }, 1, zone);
      const local = (instant: Date | null) => (instant ? wallClockOf(instant, zone) : null);
      expect(local(billingInstantOf(march, zone))).toMatchObject({ date: '2028-02-27', time: '06:00' });
      expect(local(retryInstantOf(march, 1, zone))).toMatchObject({ date: '2028-02-28', time: '06:00' });
      expect(local(retryInstantOf(march, 2, zone))).toMatchObject({ date: '2028-02-29', time: '06:00' });
      expect(local(retryInstantOf(march, 3, zone))).toMatchObject({ date: '2028-03-01', time: '06:00' });
      expect(retryInstantOf(march, 4, zone)).toBeNull();
    },
  );

  it('SUB-04 charges at 06:00 on the network clock on both sides of a change of clocks', () => {
    // Paris moves to summer time on 26 March 2028: the April charge (29 March) is at 04:00 UTC, the March one at 05:00.
    const april = periodValidityOf(monthly, { startMonth: '2028-03', startingAt: null }, 1, 'Europe/Paris');
    const march = periodValidityOf(monthly, { startMonth: '2028-02', startingAt: null }, 1, 'Europe/Paris');
    expect(billingInstantOf(april, 'Europe/Paris').toISOString()).toBe('2028-03-29T04:00:00.000Z');
    expect(billingInstantOf(march, 'Europe/Paris').toISOString()).toBe('2028-02-27T05:00:00.000Z');
  });

  it('SUB-04 weekly periods run Monday to Sunday, seven days each, across a change of clocks', () => {
    const weekly = { pivotType: 'WEEK_PIVOT', pivotValue: 1 } as const;
    const first = { startMonth: null, startingAt: '2028-03-19T23:00:00.000Z' }; // Monday 20 March, Paris
    const periods = [0, 1, 2].map((n) => periodValidityOf(weekly, first, n, 'Europe/Paris'));
    expect(periods).toEqual([
      { kind: 'DAYS', from: '2028-03-20', to: '2028-03-26' },
      { kind: 'DAYS', from: '2028-03-27', to: '2028-04-02' },
      { kind: 'DAYS', from: '2028-04-03', to: '2028-04-09' },
    ]);
    expect(periodStartOf(weekly, first, 1, 'Europe/Paris').startingAt).toBe('2028-03-26T22:00:00.000Z');
  });

  it('SUB-04 a 14-day pass keeps its start time across a change of clocks', () => {
    const fortnight = { pivotType: 'DAY_PIVOT', pivotValue: 14 } as const;
    const first = { startMonth: null, startingAt: '2028-03-20T07:15:00.000Z' }; // 08:15 in Paris
    const second = periodValidityOf(fortnight, first, 1, 'Europe/Paris');
    expect(second).toEqual({
      kind: 'TIMES',
      from: '2028-04-03T06:15:00.000Z',
      to: '2028-04-17T06:15:00.000Z',
    });
  });

  it('announces a monthly renewal seven days ahead and a weekly one a day before its charge', () => {
    const zone = 'Europe/Paris';
    const first = { startMonth: '2028-01', startingAt: null };
    const notice = noticeInstantOf(
      periodValidityOf(monthly, first, 1, zone),
      periodValidityOf(monthly, first, 0, zone),
      7,
      zone,
    );
    expect(wallClockOf(notice, zone)).toMatchObject({ date: '2028-01-25', time: '09:00' });
    const weekly = { pivotType: 'WEEK_PIVOT', pivotValue: 1 } as const;
    const monday = { startMonth: null, startingAt: '2028-03-19T23:00:00.000Z' };
    const weekNotice = noticeInstantOf(
      periodValidityOf(weekly, monday, 1, zone),
      periodValidityOf(weekly, monday, 0, zone),
      7,
      zone,
    );
    expect(wallClockOf(weekNotice, zone)).toMatchObject({ date: '2028-03-23', time: '09:00' });
    expect(weekNotice.getTime()).toBeLessThan(
      billingInstantOf(periodValidityOf(weekly, monday, 1, zone), zone).getTime(),
    );
  });

  it('finds the period that covers a day', () => {
    const first = { startMonth: '2028-01', startingAt: null };
    expect(periodIndexOn(monthly, first, '2028-01-15', 'Europe/Paris')).toBe(0);
    expect(periodIndexOn(monthly, first, '2028-03-01', 'Europe/Paris')).toBe(2);
    expect(periodIndexOn(monthly, first, '2027-12-31', 'Europe/Paris')).toBe(0);
  });
});
