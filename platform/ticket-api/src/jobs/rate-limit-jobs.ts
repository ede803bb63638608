// Every hour, one replica deletes the rate-limit counters whose window has ended (decision 0036):
// the limiter's own cleanup timer is off, so no process or test is kept alive by it.
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { AppJobs } from '../queue/job-definitions.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import { sweepRateLimits } from '../services/account/rate-limit.ts';

export const RATE_LIMIT_SWEEP = 'sweep-rate-limits';
export const RATE_LIMIT_SWEEP_CRON = '7 * * * *';

export async function startRateLimitJobs(
  jobs: Pick<JobQueue<AppJobs>, 'work' | 'schedule'>,
  deps: { db: Database; clock: Clock; logger: Logger },
): Promise<void> {
  await jobs.work(RATE_LIMIT_SWEEP, async () => {
    const swept = await sweepRateLimits(deps.db, deps.clock.now());
    if (swept > 0) deps.logger.info({ swept }, 'ended rate-limit windows deleted');
  });
  await jobs.schedule(RATE_LIMIT_SWEEP, RATE_LIMIT_SWEEP_CRON, {}, { missed: 'once' });
}
