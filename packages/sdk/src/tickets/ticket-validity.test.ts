// Ticket validity across every change of clocks of 2026–2028 and every month end (2028 a leap
// year) in the demo networks' zones, checked against Intl's reading of each zone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PivotType } from '../contract/catalogue.ts';
import type { FareValidity } from './fare-product.ts';
import { activationWindow, issuedValidity, periodWindow, type TicketWindow } from './ticket-validity.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ZONES = ['Europe/Paris', 'Europe/Zurich', 'Africa/Casablanca'] as const;
const FROM = Date.UTC(2026, 0, 1);
const UNTIL = Date.UTC(2029, 0, 1);

// The oracle: Intl's own reading of the zone, independent of the clock module under test.
const formats = new Map<string, Intl.DateTimeFormat>();
function wallOf(instant: number, timeZone: string): { date: string; time: string } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, value]));
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    time: `${part.hour}:${part.minute}:${part.second}`,
  };
}
const offsetOf = (instant: number, timeZone: string) => {
  const { date, time } = wallOf(instant, timeZone);
  return Date.parse(`${date}T${time}Z`) - (instant - (((instant % 1000) + 1000) % 1000));
};

/** A plain calendar date moved by days or months (month clamped as a month pass never needs). */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const firstOfMonthAfter = (date: string, months: number) => {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
};

/** The instant is the network's 00:00 starting `date`: it shows 00:00 on that date, the instant before the day before. */
function expectMidnightStarting(instant: number, date: string, timeZone: string) {
  expect(wallOf(instant, timeZone)).toEqual({ date, time: '00:00:00' });
  expect(wallOf(instant - 1, timeZone).date).toBe(plusDays(date, -1));
}

function changesOf(timeZone: string): number[] {
  const changes: number[] = [];
  for (let at = FROM; at < UNTIL; at += HOUR)
    if (offsetOf(at, timeZone) !== offsetOf(at + HOUR, timeZone)) changes.push(at + HOUR);
  return changes;
}
const CHANGES = new Map<string, number[]>(ZONES.map((zone) => [zone, changesOf(zone)]));
/** Every month end of 2026–2028 at 00:00 UTC (29 February 2028 among them). */
const MONTH_ENDS = Array.from({ length: 36 }, (_, index) => Date.UTC(2026, index + 1, 0));

const zone = fc.constantFrom(...ZONES);
const anyInstant = fc.integer({ min: FROM, max: UNTIL - 1 });
/** Instants where the rules are tested hardest: within days of a change of clocks or of a month end. */
const nearEdge = (timeZone: string) =>
  fc
    .tuple(
      fc.constantFrom(...(CHANGES.get(timeZone) ?? []), ...MONTH_ENDS),
      fc.integer({ min: -3 * DAY, max: 3 * DAY }),
    )
    .map(([edge, shift]) => edge + shift);
const zonedInstant = zone.chain((timeZone) =>
  fc.oneof(anyInstant, nearEdge(timeZone)).map((instant) => ({ timeZone, instant })),
);
/** A 15-minute slot as the shop offers them (whole quarter hours of UTC are quarters of these zones). */
const zonedSlot = zonedInstant.map(({ timeZone, instant }) => ({
  timeZone,
  instant: instant - (instant % (15 * MINUTE)),
}));

const pivot = (pivotType: PivotType, pivotValue: number) => ({ pivotType, pivotValue });
const expectOrdered = (window: TicketWindow | null) => {
  expect(window).not.toBeNull();
  expect(window?.from.getTime()).toBeLessThan(window?.to.getTime() ?? Number.NEGATIVE_INFINITY);
};

describe('ticket validity on the network’s clock', () => {
  it('tests every change of clocks of the three demo zones (Ramadan in Casablanca too)', () => {
    expect(CHANGES.get('Europe/Paris')?.length).toBe(6);
    expect(CHANGES.get('Europe/Zurich')).toEqual(CHANGES.get('Europe/Paris'));
    expect(CHANGES.get('Africa/Casablanca')?.length).toBe(6);
    expect(MONTH_ENDS.map((end) => new Date(end).toISOString().slice(0, 10))).toContain('2028-02-29');
  });

  it('a month pass runs from 00:00 on the first of its start month to 00:00 on the first of the month after its last', () => {
    fc.assert(
      fc.property(zonedInstant, fc.integer({ min: 1, max: 14 }), ({ timeZone, instant }, months) => {
        const window = periodWindow(pivot('MONTH_PIVOT', months), new Date(instant), timeZone);
        expectOrdered(window);
        const first = `${wallOf(instant, timeZone).date.slice(0, 7)}-01`;
        expectMidnightStarting(window?.from.getTime() ?? 0, first, timeZone);
        expectMidnightStarting(window?.to.getTime() ?? 0, firstOfMonthAfter(first, months), timeZone);
        // The start month written as the cart sends it gives the same window.
        const issued = issuedValidity({
          validity: { kind: 'PERIOD' },
          item: pivot('MONTH_PIVOT', months),
          start: { startMonth: first.slice(0, 7) },
          productQuantity: 1,
          issuedAt: new Date(FROM),
          timeZone,
        });
        expect(issued.window).toEqual(window);
      }),
    );
  });

  it('a day or week pass that is not rolling ends at the midnight after its last day (start date + days − 1)', () => {
    fc.assert(
      fc.property(
        zonedInstant,
        fc.constantFrom<PivotType>('DAY_PIVOT', 'WEEK_PIVOT'),
        fc.integer({ min: 1, max: 10 }),
        ({ timeZone, instant }, pivotType, value) => {
          const window = periodWindow(pivot(pivotType, value), new Date(instant), timeZone);
          expectOrdered(window);
          expect(window?.from.getTime()).toBe(instant);
          const days = pivotType === 'WEEK_PIVOT' ? 7 * value : value;
          const lastDay = plusDays(wallOf(instant, timeZone).date, days - 1);
          expectMidnightStarting(window?.to.getTime() ?? 0, plusDays(lastDay, 1), timeZone);
        },
      ),
    );
  });

  it('a rolling day pass lasts N × 24 hours of elapsed time from its start, whatever the clocks do', () => {
    fc.assert(
      fc.property(zonedInstant, fc.integer({ min: 1, max: 10 }), ({ timeZone, instant }, days) => {
        const window = periodWindow(pivot('DAY_PIVOT', days), new Date(instant), timeZone, true);
        expectOrdered(window);
        expect(window?.from.getTime()).toBe(instant);
        expect(window?.to.getTime()).toBe(instant + days * DAY);
      }),
    );
  });

  it('a rolling pass over a change of clocks ends an hour off the start’s wall-clock time, 24 real hours later', () => {
    fc.assert(
      fc.property(
        zone.chain((timeZone) =>
          fc
            .tuple(fc.constantFrom(...(CHANGES.get(timeZone) ?? [])), fc.integer({ min: 1, max: DAY - 1 }))
            .map(([change, before]) => ({ timeZone, instant: change - before })),
        ),
        ({ timeZone, instant }) => {
          const window = periodWindow(pivot('DAY_PIVOT', 1), new Date(instant), timeZone, true);
          const end = window?.to.getTime() ?? 0;
          expect(end - instant).toBe(DAY);
          // The clocks moved in between: the end does not show the start's time of day.
          expect(offsetOf(end, timeZone)).not.toBe(offsetOf(instant, timeZone));
          expect(wallOf(end, timeZone).time).not.toBe(wallOf(instant, timeZone).time);
        },
      ),
    );
  });

  it('a day ticket for a slot runs from the slot to the midnight after the slot’s day', () => {
    fc.assert(
      fc.property(zonedSlot, ({ timeZone, instant }) => {
        const issued = issuedValidity({
          validity: { kind: 'DAY', start: 'SLOT' },
          item: pivot('DAY_PIVOT', 1),
          start: { startingAt: new Date(instant).toISOString() },
          productQuantity: 1,
          issuedAt: new Date(FROM),
          timeZone,
        });
        expectOrdered(issued.window);
        expect(issued.window?.from.getTime()).toBe(instant);
        expectMidnightStarting(
          issued.window?.to.getTime() ?? 0,
          plusDays(wallOf(instant, timeZone).date, 1),
          timeZone,
        );
        expect(issued).toMatchObject({ usableUntil: null, journeys: null });
      }),
    );
  });

  it('unused journeys and first-use day tickets stay usable to the end of the day expiresAfterDays after the issue date', () => {
    const activated = fc.oneof(
      fc
        .record({
          journeys: fc.integer({ min: 1, max: 100 }),
          minutes: fc.integer({ min: 1, max: 24 * 60 }),
          expiresAfterDays: fc.integer({ min: 1, max: 800 }),
        })
        .map((rule): FareValidity => ({ kind: 'JOURNEYS', ...rule })),
      fc
        .integer({ min: 1, max: 800 })
        .map((days): FareValidity => ({ kind: 'DAY', start: 'FIRST_ACTIVATION', expiresAfterDays: days })),
    );
    fc.assert(
      fc.property(
        zonedInstant,
        activated,
        fc.integer({ min: 1, max: 10 }),
        ({ timeZone, instant }, validity, quantity) => {
          const issued = issuedValidity({
            validity,
            item: pivot('DAY_PIVOT', 1),
            start: {},
            productQuantity: quantity,
            issuedAt: new Date(instant),
            timeZone,
          });
          expect(issued.window).toBeNull();
          const days =
            validity.kind === 'MEDIUM' || validity.kind === 'PERIOD' ? 0 : (validity.expiresAfterDays ?? 0);
          const lastDay = plusDays(wallOf(instant, timeZone).date, days);
          expectMidnightStarting(issued.usableUntil?.getTime() ?? 0, plusDays(lastDay, 1), timeZone);
          expect(issued.usableUntil?.getTime()).toBeGreaterThan(instant);
          expect(issued.journeys).toBe(validity.kind === 'JOURNEYS' ? validity.journeys * quantity : null);
        },
      ),
    );
  });

  it('an activation opens exactly its minutes of real time, whatever the clocks do meanwhile', () => {
    fc.assert(
      fc.property(zonedInstant, fc.integer({ min: 1, max: 24 * 60 }), ({ timeZone, instant }, minutes) => {
        const window = activationWindow(
          { kind: 'JOURNEYS', journeys: 1, minutes, expiresAfterDays: 1 },
          new Date(instant),
          timeZone,
        );
        expectOrdered(window);
        expect(window?.from.getTime()).toBe(instant);
        expect((window?.to.getTime() ?? 0) - instant).toBe(minutes * MINUTE);
      }),
    );
  });

  it('a first-use day ticket’s activation runs to the midnight after the day it is activated on', () => {
    fc.assert(
      fc.property(zonedInstant, ({ timeZone, instant }) => {
        const window = activationWindow(
          { kind: 'DAY', start: 'FIRST_ACTIVATION', expiresAfterDays: 1 },
          new Date(instant),
          timeZone,
        );
        expectOrdered(window);
        expectMidnightStarting(
          window?.to.getTime() ?? 0,
          plusDays(wallOf(instant, timeZone).date, 1),
          timeZone,
        );
      }),
    );
  });
});

describe('ticket validity, one example per model', () => {
  const at = (iso: string) => new Date(iso);

  it('PERIOD, month: March 2026 in Paris ends at 00:00 on 1 April, summer time', () => {
    const issued = issuedValidity({
      validity: { kind: 'PERIOD' },
      item: pivot('MONTH_PIVOT', 1),
      start: { startMonth: '2026-03' },
      productQuantity: 1,
      issuedAt: at('2026-02-20T10:00:00Z'),
      timeZone: 'Europe/Paris',
    });
    expect(issued).toEqual({
      window: { from: at('2026-02-28T23:00:00Z'), to: at('2026-03-31T22:00:00Z') },
      usableUntil: null,
      journeys: null,
    });
  });

  it('PERIOD, month: a year from February 2028 in Casablanca, both ends in Ramadan time (UTC+0)', () => {
    expect(periodWindow(pivot('MONTH_PIVOT', 12), at('2028-02-29T12:00:00Z'), 'Africa/Casablanca')).toEqual({
      from: at('2028-02-01T00:00:00Z'),
      to: at('2029-02-01T00:00:00Z'),
    });
  });

  it('PERIOD, week: a week from Thursday 22 October 2026 in Zurich ends at 00:00 on the 29th, winter time', () => {
    expect(periodWindow(pivot('WEEK_PIVOT', 1), at('2026-10-22T08:00:00Z'), 'Europe/Zurich')).toEqual({
      from: at('2026-10-22T08:00:00Z'),
      to: at('2026-10-28T23:00:00Z'),
    });
  });

  it('PERIOD, day: one day from 11:00 on 28 March 2026 in Paris ends at midnight, rolling 24 hours later (12:00 summer time)', () => {
    const from = at('2026-03-28T10:00:00Z');
    expect(periodWindow(pivot('DAY_PIVOT', 1), from, 'Europe/Paris')).toEqual({
      from,
      to: at('2026-03-28T23:00:00Z'),
    });
    // The 29th has 23 hours: 24 hours later is 12:00 on the clocks, not 11:00.
    expect(periodWindow(pivot('DAY_PIVOT', 1), from, 'Europe/Paris', true)).toEqual({
      from,
      to: at('2026-03-29T10:00:00Z'),
    });
  });

  it('JOURNEYS: ten journeys issued on 27 November 2026 in Casablanca, usable to the end of 27 November 2027', () => {
    expect(
      issuedValidity({
        validity: { kind: 'JOURNEYS', journeys: 1, minutes: 60, expiresAfterDays: 365 },
        item: pivot('DAY_PIVOT', 1),
        start: {},
        productQuantity: 10,
        issuedAt: at('2026-11-27T10:00:00Z'),
        timeZone: 'Africa/Casablanca',
      }),
    ).toEqual({ window: null, usableUntil: at('2027-11-27T23:00:00Z'), journeys: 10 });
  });

  it('JOURNEYS: an activation at 02:30 summer time on 25 October 2026 in Paris lasts 60 minutes across the change', () => {
    const window = activationWindow(
      { kind: 'JOURNEYS', journeys: 1, minutes: 60, expiresAfterDays: 365 },
      at('2026-10-25T00:30:00Z'),
      'Europe/Paris',
    );
    expect(window).toEqual({ from: at('2026-10-25T00:30:00Z'), to: at('2026-10-25T01:30:00Z') });
  });

  it('DAY, slot: 15:15 on 10 June 2026 in Casablanca runs to midnight', () => {
    expect(
      issuedValidity({
        validity: { kind: 'DAY', start: 'SLOT' },
        item: pivot('DAY_PIVOT', 1),
        start: { startingAt: '2026-06-10T14:15:00.000Z' },
        productQuantity: 1,
        issuedAt: at('2026-06-09T08:00:00Z'),
        timeZone: 'Africa/Casablanca',
      }),
    ).toEqual({
      window: { from: at('2026-06-10T14:15:00Z'), to: at('2026-06-10T23:00:00Z') },
      usableUntil: null,
      journeys: null,
    });
  });

  it('DAY, first activation: issued on 28 February 2028 in Zurich, usable to the end of 29 February, activated to midnight', () => {
    const validity: FareValidity = { kind: 'DAY', start: 'FIRST_ACTIVATION', expiresAfterDays: 1 };
    expect(
      issuedValidity({
        validity,
        item: pivot('DAY_PIVOT', 1),
        start: {},
        productQuantity: 1,
        issuedAt: at('2028-02-28T09:00:00Z'),
        timeZone: 'Europe/Zurich',
      }),
    ).toEqual({ window: null, usableUntil: at('2028-02-29T23:00:00Z'), journeys: null });
    expect(activationWindow(validity, at('2028-02-29T17:40:00Z'), 'Europe/Zurich')).toEqual({
      from: at('2028-02-29T17:40:00Z'),
      to: at('2028-02-29T23:00:00Z'),
    });
  });

  it('MEDIUM: the card itself has no window, no use period, no journeys, and no activation', () => {
    const validity: FareValidity = { kind: 'MEDIUM' };
    expect(
      issuedValidity({
        validity,
        item: pivot('DAY_PIVOT', 1),
        start: {},
        productQuantity: 1,
        issuedAt: at('2026-11-27T10:00:00Z'),
        timeZone: 'Europe/Paris',
      }),
    ).toEqual({ window: null, usableUntil: null, journeys: null });
    expect(activationWindow(validity, at('2026-11-27T10:00:00Z'), 'Europe/Paris')).toBeNull();
    expect(activationWindow({ kind: 'PERIOD' }, at('2026-11-27T10:00:00Z'), 'Europe/Paris')).toBeNull();
  });
});
