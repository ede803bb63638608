// The documents' background work (decision 0033): every hour, one replica reminds the travellers
// whose documents end within 30 days and expires the documents that ended. It reads the documents'
// own state, so a deployment that was down catches up once when it is back.
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AppJobs } from '../queue/job-definitions.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import { expireDueDocuments } from '../services/documents/expiry/expire-documents.ts';
import type { NetworkDirectory } from '../tenants/network-directory.ts';

export const DOCUMENT_EXPIRY_SWEEP = 'expire-documents';
export const DOCUMENT_EXPIRY_SWEEP_CRON = '7 * * * *';

export async function startDocumentJobs(
  jobs: Pick<JobQueue<AppJobs>, 'work' | 'schedule'>,
  deps: {
    db: Database;
    clock: Clock;
    logger: Logger;
    mailer: Mailer;
    networks: Pick<NetworkDirectory, 'byId'>;
    shopPort?: number | undefined;
  },
): Promise<void> {
  await jobs.work(DOCUMENT_EXPIRY_SWEEP, async () => {
    await expireDueDocuments({ ...deps, now: deps.clock.now() });
  });
  await jobs.schedule(DOCUMENT_EXPIRY_SWEEP, DOCUMENT_EXPIRY_SWEEP_CRON, {}, { missed: 'once' });
}
