// The work an order's change asks for once its transaction has committed: the confirmation email of
// a completed order, and one debit job per later instalment, on its due date in the network's time
// zone (PAY-02).
import { instantAt } from '@transit-shop/sdk/time/network-clock';
import { type ConfirmationDeps, sendOrderConfirmation } from '../confirmation/send-order-confirmation.ts';
import { sendSubscriptionMail } from '../subscriptions/subscription-mail.ts';
import type { AfterCommit } from './finalise-order.ts';

/** Ours: later instalments are debited at 06:00 on their due date, network time. */
const DEBIT_HOUR = 6;

/** The instant of `hour`:00 on `date` (YYYY-MM-DD) in `timeZone`. */
export function localInstant(date: string, hour: number, timeZone: string): Date {
  return instantAt(date, `${String(hour).padStart(2, '0')}:00`, timeZone);
}

export async function runAfterCommit(
  deps: ConfirmationDeps,
  after: AfterCommit,
  timeZone: string,
): Promise<void> {
  if (after.completedOrderId !== null) await sendOrderConfirmation(deps, after.completedOrderId);
  for (const mail of after.subscriptionMails) await sendSubscriptionMail(deps, mail);
  if (!deps.jobs) return;
  for (const job of after.instalmentJobs) {
    try {
      await deps.jobs.send(
        'charge-instalment',
        { instalmentId: job.instalmentId },
        {
          startAfter: localInstant(job.dueDate, DEBIT_HOUR, timeZone),
          singletonKey: `instalment:${job.instalmentId}`,
        },
      );
    } catch (error) {
      deps.logger.error(
        { err: error, instalmentId: job.instalmentId },
        'the debit of an instalment could not be queued',
      );
    }
  }
}
