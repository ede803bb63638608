// Counts the requests being answered, so a stopping service closes its database only after the
// last one finished (a client that hung up does not end the work its request started).
type Fetch<A extends unknown[]> = (request: Request, ...rest: A) => Response | Promise<Response>;

export function trackInFlight<A extends unknown[]>(fetch: Fetch<A>) {
  let running = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    running -= 1;
    if (running === 0) {
      for (const wake of waiters) wake();
      waiters = [];
    }
  };
  return {
    fetch: async (request: Request, ...rest: A): Promise<Response> => {
      running += 1;
      try {
        return await fetch(request, ...rest);
      } finally {
        settle();
      }
    },
    get running() {
      return running;
    },
    /** Resolves once no request is being answered (at once when none is). */
    idle(): Promise<void> {
      return running === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
  };
}
