// A clock tests move by hand: expiry and lockout windows pass without waiting.
import type { Clock } from '../clock.ts';

export type FakeClock = Clock & {
  advance(ms: number): Date;
  advanceMinutes(minutes: number): Date;
  set(date: Date | string): Date;
};

export function createFakeClock(start: Date | string = '2026-11-23T09:00:00.000Z'): FakeClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
      return new Date(current);
    },
    advanceMinutes(minutes) {
      current += minutes * 60_000;
      return new Date(current);
    },
    set(date) {
      current = new Date(date).getTime();
      return new Date(current);
    },
  };
}
