import { describe, expect, it } from 'vitest';
import { instalmentSchedule } from './instalment-schedule.ts';

describe('instalmentSchedule', () => {
  it("PAY-02 the first debit on the order day in the network's time zone, then monthly on its anniversary", () => {
    // 23:30 UTC on 31 January is already 1 February in Paris.
    expect(
      instalmentSchedule({
        totalAmount: 1000,
        installments: 2,
        now: new Date('2027-01-31T23:30:00Z'),
        timeZone: 'Europe/Paris',
      }),
    ).toEqual([
      { dueDate: '2027-02-01', amount: 500 },
      { dueDate: '2027-03-01', amount: 500 },
    ]);
  });

  it('PAY-02 falls on the last day of a shorter month and puts the remainder on the first debit', () => {
    expect(
      instalmentSchedule({
        totalAmount: 1001,
        installments: 3,
        now: new Date('2027-01-31T10:00:00Z'),
        timeZone: 'Africa/Casablanca',
      }),
    ).toEqual([
      { dueDate: '2027-01-31', amount: 335 },
      { dueDate: '2027-02-28', amount: 333 },
      { dueDate: '2027-03-31', amount: 333 },
    ]);
  });
});
