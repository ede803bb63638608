import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallClockOf } from './network-clock.ts';
import {
  networkInstantText,
  shownEndOf,
  utcOffsetOfText,
  wallClockDateOf,
  wallClockOfText,
} from './network-instant.ts';

const ZONES = ['Europe/Paris', 'Africa/Casablanca', 'Europe/Zurich', 'America/Santiago', 'Asia/Kolkata'];
const zonedInstant = fc.record({
  timeZone: fc.constantFrom(...ZONES),
  instant: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2029, 0, 1) }),
});

describe('instants on the network clock', () => {
  it('are written with the network’s UTC offset at that instant, never Z, and name the same instant', () => {
    expect(networkInstantText(Date.parse('2026-12-06T23:00:00Z'), 'Africa/Casablanca')).toBe(
      '2026-12-07T00:00:00+01:00',
    );
    expect(networkInstantText(Date.parse('2026-02-20T23:00:00Z'), 'Africa/Casablanca')).toBe(
      '2026-02-20T23:00:00+00:00',
    );
    expect(networkInstantText(new Date('2026-10-25T00:30:00.250Z'), 'Europe/Paris')).toBe(
      '2026-10-25T02:30:00.250+02:00',
    );
    fc.assert(
      fc.property(zonedInstant, ({ timeZone, instant }) => {
        const text = networkInstantText(instant, timeZone);
        expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?[+-]\d{2}:\d{2}$/);
        expect(Date.parse(text)).toBe(instant);
      }),
    );
  });

  it('are read back as the wall clock they were written with, whatever zone data reads them', () => {
    fc.assert(
      fc.property(zonedInstant, ({ timeZone, instant }) => {
        const text = networkInstantText(instant, timeZone);
        const clock = wallClockOf(instant, timeZone);
        expect(wallClockOfText(text)).toEqual(clock);
        const shown = wallClockDateOf(text);
        expect(shown.toISOString().slice(0, 16)).toBe(`${clock.date}T${clock.time}`);
        expect(utcOffsetOfText(text)).toBe(text.slice(-6));
      }),
    );
    // The UTC zone's own digits.
    expect(wallClockOfText('2026-12-06T23:00:00Z').date).toBe('2026-12-06');
    expect(utcOffsetOfText('2026-12-06T23:00:00Z')).toBe('+00:00');
    expect(() => wallClockOfText('2026-12-07')).toThrow(RangeError);
  });

  it('an end at midnight is shown as the last minute of the day it closes; any other end as it is', () => {
    expect(shownEndOf('2026-12-14T00:00:00+01:00')).toBe('2026-12-13T23:59:00+01:00');
    expect(shownEndOf('2027-01-01T00:00:00+00:00')).toBe('2026-12-31T23:59:00+00:00');
    expect(shownEndOf('2026-12-14T00:00:01+01:00')).toBe('2026-12-14T00:00:01+01:00');
    expect(shownEndOf('2026-12-14T00:00:00.500+01:00')).toBe('2026-12-14T00:00:00.500+01:00');
    expect(shownEndOf('2026-12-14T10:37:12+01:00')).toBe('2026-12-14T10:37:12+01:00');
  });
});
