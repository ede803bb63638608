// A clock tests move by hand: expiry and lockout windows pass without waiting.
import type { Clock } from '../clock.ts';

export type FakeClock = Clock & {
  advance(ms: number): Date;
  advanceMinutes(minutes: number): Date;
  set(date: Date | string): Date;
};

export function createFakeClock(
  start: Date | string = '2026-11-23T09:00:00.000Z',
  options: {
    /** Told each time the clock moves (and at once): what reads Date follows it (test-app's fakeDate). */
    onMove?: (now: Date) => void;
  } = {},
): FakeClock {
  let current = new Date(start).getTime();
  const moved = () => {
    options.onMove?.(new Date(current));
    return new Date(current);
  };
  moved();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
      return moved();
    },
    advanceMinutes(minutes) {
      current += minutes * 60_000;
      return moved();
    },
    set(date) {
      current = new Date(date).getTime();
      return moved();
    },
  };
}
