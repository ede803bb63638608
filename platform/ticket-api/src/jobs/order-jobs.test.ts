import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { APP_JOBS } from '../queue/job-definitions.ts';
import { startJobs } from '../queue/job-queue.ts';
import type { CheckoutDeps } from '../services/orders/checkout-deps.ts';
import { DUE_CHECKOUTS_CRON } from '../services/orders/payment-outcome/check-due-checkouts.ts';
import { useTestDatabase } from '../test-support/test-database.ts';
import { DUE_INSTALMENTS_CRON, startOrderJobs } from './order-jobs.ts';

const database = useTestDatabase();

describe('the order jobs', () => {
  it('schedule the sweeps of abandoned checkouts (every minute) and of due instalments (hourly), once across replicas', async () => {
    const logger = createLogger({ level: 'silent' });
    const jobs = await startJobs({ database: database.current, definitions: APP_JOBS, logger });
    try {
      // Scheduling reads none of the services the workers use.
      const deps = { db: database.current.db, logger } as CheckoutDeps;
      await startOrderJobs(jobs, deps);
      await startOrderJobs(jobs, deps);
      const scheduled = async (name: keyof typeof APP_JOBS) =>
        (await jobs.boss.getSchedules(name)).map(({ cron, data, options }) => ({
          cron,
          data,
          missed: (options as { missed?: string }).missed,
        }));
      expect(DUE_CHECKOUTS_CRON).toBe('* * * * *');
      expect(await scheduled('check-due-checkouts')).toEqual([
        { cron: DUE_CHECKOUTS_CRON, data: {}, missed: 'once' },
      ]);
      expect(await scheduled('charge-due-instalments')).toEqual([
        { cron: DUE_INSTALMENTS_CRON, data: {}, missed: 'once' },
      ]);
    } finally {
      await jobs.stop();
    }
  });
});
