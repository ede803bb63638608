// autocannon, typed: it ships no types, so the part of its API the benchmarks use is declared
// here; and the closed loop the ticket API benchmarks run on it, each connection sending its
// requests again as soon as it is answered.
import { createRequire } from 'node:module';
import { type Stats, stats } from './measure.ts';

/** One request of a run; setupRequest answering undefined starts the connection's sequence over. */
export type CannonRequest<Context> = {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?(request: CannonRequest<Context>, context: Context): CannonRequest<Context> | undefined;
  onResponse?(status: number, body: string, context: Context): void;
};

export type CannonOptions<Context> = {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
  requests?: CannonRequest<Context>[];
};

export type CannonResult = {
  non2xx: number;
  errors: number;
  timeouts: number;
  requests: { total: number; average: number };
  latency: { p99: number };
};

export const autocannon = createRequire(import.meta.url)('autocannon') as <Context = object>(
  options: CannonOptions<Context>,
) => Promise<CannonResult>;

/** What a closed loop's requests record: the latency of each completed round, and failures. */
export type Tally = { latencies: number[]; failures: string[] };

/**
 * Closed loop against 127.0.0.1:port: `requests` builds the run's requests around the tally they
 * fill. Throws on any failure, error answer or connection error; answers the completed rounds
 * per second and their latency.
 */
export async function closedLoop<Context>(
  port: number,
  connections: number,
  seconds: number,
  requests: (tally: Tally) => CannonRequest<Context>[],
): Promise<{ perSecond: number; latency: Stats }> {
  const tally: Tally = { latencies: [], failures: [] };
  const result = await autocannon<Context>({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: requests(tally),
  });
  if (tally.failures.length > 0 || result.errors > 0 || result.non2xx > 0) {
    throw new Error(
      `${connections} connections: ${result.non2xx} error answers, ${result.errors} connection errors ` +
        `(${result.timeouts} timeouts); first: ${tally.failures[0] ?? 'none'}`,
    );
  }
  return { perSecond: tally.latencies.length / seconds, latency: stats(tally.latencies) };
}
