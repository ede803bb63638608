// The orders' background work (decision 0019): a completed order's confirmation email with its
// invoice PDF, a later instalment debited on its due date (and an hourly sweep of those still due),
// a sweep every minute of the hosted checkouts whose page must have ended (an abandoned page
// expires and gives its voucher uses back), and a sweep every minute of the tacit subscriptions
// whose renewal notice or charge is due (decision 0043). The debits and checks read the current state, so a retried job does
// nothing twice.

import type { AppJobs } from '../queue/job-definitions.ts';
import type { JobQueue } from '../queue/job-queue.ts';
import type { CheckoutDeps } from '../services/orders/checkout-deps.ts';
import { deliverOrderConfirmation } from '../services/orders/confirmation/send-order-confirmation.ts';
import {
  chargeDueInstalments,
  chargeInstalment,
} from '../services/orders/payment-outcome/charge-instalment.ts';
import {
  checkDueCheckouts,
  DUE_CHECKOUTS_CRON,
} from '../services/orders/payment-outcome/check-due-checkouts.ts';
import { renewDueSubscriptions } from '../services/orders/subscriptions/renewal-sweep.ts';

/** Ours: subscriptions' notices and renewals are looked at every minute. */
export const DUE_SUBSCRIPTIONS_CRON = '* * * * *';
/** Ours: the sweep of due instalments runs every hour, at 17 minutes past. */
export const DUE_INSTALMENTS_CRON = '17 * * * *';
/** Ours: confirmations fetched at once by one worker. */
const CONFIRMATIONS_PER_FETCH = 20;
/** Ours: confirmations of a fetch in progress together: one reads the database while another's PDF is drawn. */
const CONFIRMATIONS_AT_ONCE = 4;

export async function startOrderJobs(
  jobs: Pick<JobQueue<AppJobs>, 'work' | 'schedule'>,
  deps: CheckoutDeps,
): Promise<void> {
  // Fetched several at a time, a few in progress together: at a burst of completed orders one
  // fetch per poll, or one email at a time, would leave the emails behind.
  await jobs.work(
    'send-order-confirmation',
    async ({ orderId }) => {
      await deliverOrderConfirmation(deps, orderId);
    },
    { batchSize: CONFIRMATIONS_PER_FETCH, concurrency: CONFIRMATIONS_AT_ONCE },
  );
  await jobs.work('charge-instalment', async ({ instalmentId }) => {
    await chargeInstalment(deps, instalmentId);
  });
  await jobs.work('check-due-checkouts', async () => {
    await checkDueCheckouts(deps);
  });
  await jobs.work('charge-due-instalments', async () => {
    await chargeDueInstalments(deps);
  });
  await jobs.work('renew-due-subscriptions', async () => {
    await renewDueSubscriptions(deps);
  });
  await jobs.schedule('charge-due-instalments', DUE_INSTALMENTS_CRON, {}, { missed: 'once' });
  await jobs.schedule('renew-due-subscriptions', DUE_SUBSCRIPTIONS_CRON, {}, { missed: 'once' });
  await jobs.schedule('check-due-checkouts', DUE_CHECKOUTS_CRON, {}, { missed: 'once' });
}
