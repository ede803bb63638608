import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../clock.ts';
import { users } from '../db/schema/users.ts';
import { createLogger } from '../logger.ts';
import { APP_JOBS } from '../queue/job-definitions.ts';
import { startJobs } from '../queue/job-queue.ts';
import { insertTestUser } from '../test-support/accounts.ts';
import { createFakeClock } from '../test-support/fake-clock.ts';
import { useTestDatabase } from '../test-support/test-database.ts';
import { ACCOUNT_DELETION_SWEEP, ACCOUNT_DELETION_SWEEP_CRON, startAccountJobs } from './account-jobs.ts';

const database = useTestDatabase();

describe('the account jobs', () => {
  it('ACC-07 schedules the deletion sweep once across replicas, and its worker erases the accounts that are due', async () => {
    const clock = createFakeClock();
    const { db } = database.current;
    const due = await insertTestUser(db, clock, {
      status: 'PENDING_DELETION',
      deletionRequestedAt: addDays(clock.now(), -31),
    });
    const notYet = await insertTestUser(db, clock, {
      status: 'PENDING_DELETION',
      deletionRequestedAt: addDays(clock.now(), -29),
    });

    let swept: () => void = () => undefined;
    const sweptOnce = new Promise<void>((resolve) => {
      swept = resolve;
    });
    const logger = createLogger({
      level: 'info',
      destination: {
        write: (line: string) => {
          if ((JSON.parse(line) as { msg: string }).msg.startsWith('accounts erased')) swept();
        },
      },
    });
    const jobs = await startJobs({
      database: database.current,
      definitions: APP_JOBS,
      logger,
      pollingIntervalSeconds: 0.5,
    });
    try {
      await startAccountJobs(jobs, { db, clock, logger });
      // A second replica starting registers the same schedule: still one.
      await startAccountJobs(jobs, { db, clock, logger });
      const schedules = await jobs.boss.getSchedules(ACCOUNT_DELETION_SWEEP);
      expect(schedules.map(({ cron, data }) => ({ cron, data }))).toEqual([
        { cron: ACCOUNT_DELETION_SWEEP_CRON, data: {} },
      ]);
      expect(schedules[0]?.options).toMatchObject({ missed: 'once' });

      await jobs.send(ACCOUNT_DELETION_SWEEP, {});
      await sweptOnce;
      const statusOf = async (id: number) =>
        (await db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]?.status;
      expect(await statusOf(due.id)).toBe('ANONYMISED');
      expect(await statusOf(notYet.id)).toBe('PENDING_DELETION');
    } finally {
      await jobs.stop();
    }
  });
});
