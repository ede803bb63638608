// What the benchmarks measure with and how they print it: latency statistics, durations, a
// process's CPU time per thread, the machine and its load, and the open loop of Poisson arrivals.

import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';

/** An arrival sent this long after its scheduled time means the benchmark itself fell behind. */
export const LATE_MS = 10;

export type Stats = { count: number; p50: number; p95: number; p99: number; max: number };

export function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

/** The machine's cores and CPU model, as "8 cores (model)". */
export const machine = () => `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`;

/** Other work on the machine shares its cores with the service, PostgreSQL and the benchmark. */
export const loadLine = () =>
  `load average ${loadavg()[0]?.toFixed(1)} over 1 min on ${availableParallelism()} cores`;

/**
 * CPU time (user + system, ms) of a process's threads from /proc (Linux): its main thread, which
 * runs the event loop, and all the others (libuv's thread pool, V8's garbage collector).
 */
export async function threadCpuMs(pid: number): Promise<{ main: number; others: number }> {
  const times = { main: 0, others: 0 };
  for (const thread of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const stat = await readFile(`/proc/${pid}/task/${thread}/stat`, 'utf8').catch(() => '');
    const fields = stat.split(') ')[1]?.split(' ') ?? [];
    const used = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    if (Number.isFinite(used)) times[thread === String(pid) ? 'main' : 'others'] += used;
  }
  return times;
}

export type OpenLoopRun<T> = {
  sent: number;
  /** Arrivals sent more than LATE_MS after their scheduled time. */
  late: number;
  errors: unknown[];
  /** The latency of each answered task, in the order of `answers`. */
  latencies: number[];
  answers: T[];
};

/**
 * Open loop: arrivals at exponential intervals (a Poisson process) scheduled on the clock whether
 * or not earlier ones are answered. Latency counts from the scheduled time, so the benchmark's own
 * delays are included rather than hidden.
 */
export async function openLoop<T>(
  rate: number,
  seconds: number,
  task: (index: number) => Promise<T>,
): Promise<OpenLoopRun<T>> {
  const start = performance.now();
  const end = start + seconds * 1000;
  const latencies: number[] = [];
  const answers: T[] = [];
  const errors: unknown[] = [];
  const pending: Promise<void>[] = [];
  let late = 0;
  let scheduled = start;
  for (let index = 0; ; index += 1) {
    scheduled += (-Math.log(1 - Math.random()) / rate) * 1000;
    if (scheduled >= end) break;
    const wait = scheduled - performance.now();
    if (wait > 0) await sleep(wait);
    if (performance.now() - scheduled > LATE_MS) late += 1;
    const at = scheduled;
    pending.push(
      task(index).then(
        (answer) => {
          latencies.push(performance.now() - at);
          answers.push(answer);
        },
        (error: unknown) => {
          errors.push(error);
        },
      ),
    );
  }
  await Promise.all(pending);
  return { sent: pending.length, late, errors, latencies, answers };
}

/**
 * CPU time (user + system, ms) of each process whose command name is `name`, by pid, from /proc
 * (Linux). Read synchronously: a few dozen small files, where asynchronous reads would cost the
 * benchmark's own CPU several times over.
 */
function processCpuMs(name: string): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat = '';
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(') ');
    if (open < 0 || close < 0 || stat.slice(open + 1, close) !== name) continue;
    const fields = stat.slice(close + 2).split(' ');
    const used = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    if (Number.isFinite(used)) byPid.set(pid, used);
  }
  return byPid;
}

/**
 * CPU time of every process whose command name is `name` (PostgreSQL's server and its backends are
 * all "postgres"), read every `everyMs` so that a process exiting between two readings keeps the
 * time it used (a connection pool closes its idle connections, and their backends exit).
 */
export function trackProcessesCpu(name: string, everyMs = 1000) {
  const lastSeen = new Map<string, number>();
  let alive = 0;
  const poll = () => {
    const now = processCpuMs(name);
    alive = now.size;
    for (const [pid, ms] of now) lastSeen.set(pid, ms);
  };
  poll();
  const timer = setInterval(poll, everyMs);
  timer.unref();
  return {
    /** Every process's time so far, those that exited included; the number alive now. */
    read(): { processes: number; ms: number } {
      poll();
      let ms = 0;
      for (const used of lastSeen.values()) ms += used;
      return { processes: alive, ms };
    },
    stop: () => clearInterval(timer),
  };
}

export type ClosedLoopRun<T> = {
  /** Tasks answered within the run's seconds, per second. */
  perSecond: number;
  /** The latency of each answered task, in the order of `answers`. */
  latencies: number[];
  answers: T[];
  errors: unknown[];
};

/** A run whose tasks fail this often measures nothing more: its clients stop. */
const CLOSED_LOOP_MAX_ERRORS = 100;

/**
 * Closed loop of `workers` clients, each starting its task again as soon as the last one ended
 * (answered or failed), until `seconds` have passed; the tasks running then are awaited, so that
 * nothing of this run overlaps the next. The rate counts the tasks answered within the seconds.
 */
export async function closedLoopOfTasks<T>(
  workers: number,
  seconds: number,
  task: (worker: number) => Promise<T>,
): Promise<ClosedLoopRun<T>> {
  const start = performance.now();
  const end = start + seconds * 1000;
  const latencies: number[] = [];
  const answers: T[] = [];
  const errors: unknown[] = [];
  let inTime = 0;
  const client = async (worker: number) => {
    while (performance.now() < end && errors.length < CLOSED_LOOP_MAX_ERRORS) {
      const started = performance.now();
      try {
        const answer = await task(worker);
        const ended = performance.now();
        latencies.push(ended - started);
        answers.push(answer);
        if (ended <= end) inTime += 1;
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, worker) => client(worker)));
  return { perSecond: inTime / seconds, latencies, answers, errors };
}

/**
 * Connections open to a port of 127.0.0.1 (Linux's table): for the ticket API, the sandbox's
 * notifications under way (it opens one per notification in flight) and the probe's four.
 */
export function connectionsTo(port: number): number {
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  let count = 0;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, address, , state] = line.trim().split(/\s+/);
    if (address?.endsWith(local) && state === '01') count += 1;
  }
  return count;
}
