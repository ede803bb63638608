// The orders' background work (decision 0019): a later instalment debited on its due date, and an
// order's hosted checkout read once its page must have ended (an abandoned page expires and gives
// its voucher uses back). Both read the current state, so a retried job does nothing twice.

import { checkAbandonedCheckout } from '../services/orders/acknowledge-payment.ts';
import { chargeInstalment } from '../services/orders/charge-instalment.ts';
import type { CheckoutDeps } from '../services/orders/place-order.ts';
import type { AppJobs } from './job-definitions.ts';
import type { JobQueue } from './jobs.ts';

export async function startOrderJobs(
  jobs: Pick<JobQueue<AppJobs>, 'work'>,
  deps: CheckoutDeps,
): Promise<void> {
  await jobs.work('charge-instalment', async ({ instalmentId }) => {
    await chargeInstalment(deps, instalmentId);
  });
  await jobs.work('check-checkout', async ({ paymentId }) => {
    await checkAbandonedCheckout(deps, paymentId);
  });
}
