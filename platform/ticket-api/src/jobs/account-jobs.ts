// The account's background work: every quarter of an hour, one replica erases the accounts whose
// 30-day withdrawal period has ended (ACC-07). The schedule reads the accounts' own state, so a
// deployment that was down runs it once when it is back (missed: 'once'), and a reactivated account
// is simply no longer due.
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { AppJobs } from '../queue/job-definitions.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import { accountStorageOf } from '../services/account/account-storage.ts';
import { anonymiseDueAccounts } from '../services/account/anonymise-account.ts';

export const ACCOUNT_DELETION_SWEEP = 'anonymise-due-accounts';
export const ACCOUNT_DELETION_SWEEP_CRON = '*/15 * * * *';

export async function startAccountJobs(
  jobs: Pick<JobQueue<AppJobs>, 'work' | 'schedule'>,
  deps: { db: Database; clock: Clock; logger: Logger },
): Promise<void> {
  await jobs.work(ACCOUNT_DELETION_SWEEP, async () => {
    await anonymiseDueAccounts({ ...deps, storage: accountStorageOf(deps) });
  });
  await jobs.schedule(ACCOUNT_DELETION_SWEEP, ACCOUNT_DELETION_SWEEP_CRON, {}, { missed: 'once' });
}
