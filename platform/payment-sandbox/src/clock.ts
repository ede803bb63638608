// The time source and timer of the sandbox, passed in so that tests move time instead of waiting for it.

export type Clock = {
  now(): Date;
  /** Runs `callback` after `ms` milliseconds; the answer cancels it. */
  setTimeout(callback: () => void, ms: number): () => void;
};

// The globals are looked up at each call, so that a test's fake timers drive the system clock too.
export const systemClock: Clock = {
  now: () => new Date(Date.now()),
  setTimeout: (callback, ms) => {
    const timer = globalThis.setTimeout(callback, ms);
    timer.unref?.();
    return () => globalThis.clearTimeout(timer);
  },
};

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
