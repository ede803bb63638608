// Every hour, one replica clears what sign-ins at the networks' providers leave behind (decision 0044).
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { AppJobs } from '../queue/job-definitions.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import { sweepSignIns } from '../services/sign-in-providers/sweep-sign-ins.ts';

export const SIGN_IN_SWEEP = 'sweep-sign-ins';
export const SIGN_IN_SWEEP_CRON = '17 * * * *';

export async function startSignInJobs(
  jobs: Pick<JobQueue<AppJobs>, 'work' | 'schedule'>,
  deps: { db: Database; clock: Clock; logger: Logger },
): Promise<void> {
  await jobs.work(SIGN_IN_SWEEP, async () => {
    const swept = await sweepSignIns(deps.db, deps.clock.now());
    if (swept > 0)
      deps.logger.info({ swept }, "ended provider sign-ins and sessions' provider tokens cleared");
  });
  await jobs.schedule(SIGN_IN_SWEEP, SIGN_IN_SWEEP_CRON, {}, { missed: 'once' });
}
