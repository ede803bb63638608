// The orders' background work (decision 0019): a later instalment debited on its due date (and an
// hourly sweep of those still due), and an order's hosted checkout read once its page must have
// ended (an abandoned page expires and gives its voucher uses back). Each reads the current state,
// so a retried job does nothing twice.

import { checkAbandonedCheckout } from '../services/orders/acknowledge-payment.ts';
import { chargeDueInstalments, chargeInstalment } from '../services/orders/charge-instalment.ts';
import type { CheckoutDeps } from '../services/orders/place-order.ts';
import type { AppJobs } from './job-definitions.ts';
import type { JobQueue } from './jobs.ts';

/** Ours: the sweep of due instalments runs every hour, at 17 minutes past. */
export const DUE_INSTALMENTS_CRON = '17 * * * *';

export async function startOrderJobs(
  jobs: Pick<JobQueue<AppJobs>, 'work' | 'schedule'>,
  deps: CheckoutDeps,
): Promise<void> {
  await jobs.work('charge-instalment', async ({ instalmentId }) => {
    await chargeInstalment(deps, instalmentId);
  });
  await jobs.work('check-checkout', async ({ paymentId }) => {
    await checkAbandonedCheckout(deps, paymentId);
  });
  await jobs.work('charge-due-instalments', async () => {
    await chargeDueInstalments(deps);
  });
  await jobs.schedule('charge-due-instalments', DUE_INSTALMENTS_CRON, {}, { missed: 'once' });
}
