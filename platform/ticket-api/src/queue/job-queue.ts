// Background jobs kept in the service's own database with pg-boss, so any number of replicas share
// one queue without another server: its own connection pool on PostgreSQL, the embedded PGlite
// through pg-boss's PGlite adapter. Job data is checked with each job's zod schema on both sides.
import { fromPglite, type JobResult, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/database.ts';
import type { Logger } from '../logger.ts';

/** Job names and the schema of their data. */
export type JobDefinitions = Record<string, z.ZodType<object>>;

export type SendJobOptions = {
  /** Not before this instant, or this many seconds from now. */
  startAfter?: Date | number;
  /** At most one queued job per key (a reminder per order, say). */
  singletonKey?: string;
};

export type ScheduleJobOptions = {
  /** The time zone the expression is read in (a network's, for work due at its local midnight); UTC by default. */
  tz?: string;
  /** Several schedules of one job, one per key; scheduling again with the same key replaces it. */
  key?: string;
  /**
   * Occurrences that came due while no process ran: 'skip' them (the default) or send 'once' for
   * all of them, for work that looks at the current state (a sweep of accounts past their period).
   */
  missed?: 'skip' | 'once';
};

export type JobContext = { id: string; signal: AbortSignal };

export type WorkJobOptions = {
  /**
   * Jobs fetched at once (1 by default), each settled on its own; while fetches come back full the
   * worker fetches again at once instead of waiting for its poll.
   */
  batchSize?: number;
  /** Jobs of a fetch handled at the same time (1 by default: one after the other). */
  concurrency?: number;
};

export type JobQueue<D extends JobDefinitions> = {
  send<K extends keyof D & string>(
    name: K,
    data: z.input<D[K]>,
    options?: SendJobOptions,
  ): Promise<string | null>;
  /**
   * Sends the job with `data` at every occurrence of `cron` (a cron expression or an RFC 5545
   * rule), once across all replicas; scheduling again replaces it, so every replica may do it at start.
   */
  schedule<K extends keyof D & string>(
    name: K,
    cron: string,
    data: z.input<D[K]>,
    options?: ScheduleJobOptions,
  ): Promise<void>;
  unschedule<K extends keyof D & string>(name: K, key?: string): Promise<void>;
  /** Runs `handler` for each job of the queue; a handler that throws has the job retried later. */
  work<K extends keyof D & string>(
    name: K,
    handler: (data: z.output<D[K]>, job: JobContext) => Promise<void>,
    options?: WorkJobOptions,
  ): Promise<void>;
  /** Stops fetching, lets running jobs finish (up to the timeout), then lets go of the database. */
  stop(): Promise<void>;
  /** pg-boss itself, for what the typed calls do not cover (queue statistics, operations tools). */
  readonly boss: PgBoss;
};

export type StartJobsOptions<D extends JobDefinitions> = {
  database: DatabaseHandle;
  definitions: D;
  logger: Logger;
  /** How often an idle worker looks for jobs; pg-boss allows 0.5 s at the least. */
  pollingIntervalSeconds?: number;
};

// Ours: a failed job is tried three more times, 30 s, 1 min, then 2 min later.
const QUEUE_OPTIONS = { retryLimit: 3, retryDelay: 30, retryBackoff: true, retryDelayMax: 600 } as const;
const STOP_TIMEOUT_MS = 10_000;
export const JOBS_SCHEMA = 'pgboss';

/** What a failed job keeps of its error, as pg-boss stores a thrown one. */
function failureOutput(error: unknown): object {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { message: String(error) };
}

function createBoss(database: DatabaseHandle): PgBoss {
  const { driver } = database;
  if (driver.kind === 'pglite') {
    return new PgBoss({ db: fromPglite(driver.client), backend: 'pglite', schema: JOBS_SCHEMA });
  }
  return new PgBoss({
    connectionString: driver.url,
    schema: JOBS_SCHEMA,
    max: 4,
    application_name: 'ticket-api jobs',
  });
}

export async function startJobs<D extends JobDefinitions>(
  options: StartJobsOptions<D>,
): Promise<JobQueue<D>> {
  const { definitions, logger } = options;
  const boss = createBoss(options.database);
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of Object.keys(definitions)) await boss.createQueue(name, QUEUE_OPTIONS);

  const schemaOf = <K extends keyof D & string>(name: K): D[K] => {
    const schema = definitions[name];
    if (!schema) throw new Error(`unknown job "${name}"`);
    return schema;
  };

  return {
    boss,
    async send(name, data, sendOptions = {}) {
      const parsed = schemaOf(name).parse(data);
      return boss.send(name, parsed, {
        ...(sendOptions.startAfter !== undefined ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey !== undefined ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    async schedule(name, cron, data, scheduleOptions = {}) {
      const parsed = schemaOf(name).parse(data);
      await boss.schedule(name, cron, parsed, {
        ...(scheduleOptions.tz !== undefined ? { tz: scheduleOptions.tz } : {}),
        ...(scheduleOptions.key !== undefined ? { key: scheduleOptions.key } : {}),
        ...(scheduleOptions.missed !== undefined ? { missed: scheduleOptions.missed } : {}),
      });
    },
    async unschedule(name, key) {
      schemaOf(name);
      await boss.unschedule(name, key);
    },
    async work(name, handler, workOptions = {}) {
      const schema = schemaOf(name);
      const batchSize = workOptions.batchSize ?? 1;
      await boss.work<object>(
        name,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          batchSize,
          burstWhenBatchFull: batchSize > 1,
          perJobResults: true,
        },
        async (jobs) => {
          const settle = async (job: (typeof jobs)[number]): Promise<JobResult> => {
            const parsed = schema.safeParse(job.data);
            if (!parsed.success) {
              logger.error(
                { job: name, jobId: job.id, problem: parsed.error.message },
                'job data is invalid',
              );
              return { id: job.id, status: 'failed', output: { message: parsed.error.message } };
            }
            try {
              await handler(parsed.data, { id: job.id, signal: job.signal });
              return { id: job.id, status: 'completed' };
            } catch (error) {
              logger.error({ err: error, job: name, jobId: job.id }, 'job failed; it will be retried');
              return { id: job.id, status: 'failed', output: failureOutput(error) };
            }
          };
          const results: JobResult[] = new Array(jobs.length);
          let next = 0;
          const lane = async () => {
            for (let index = next++; index < jobs.length; index = next++) {
              results[index] = await settle(jobs[index] as (typeof jobs)[number]);
            }
          };
          await Promise.all(Array.from({ length: Math.max(1, workOptions.concurrency ?? 1) }, lane));
          return results;
        },
      );
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}
