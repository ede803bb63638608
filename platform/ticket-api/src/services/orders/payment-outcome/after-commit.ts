// The work an order's change asks for once its transaction has committed: the confirmation email of
// a completed order, and one debit job per later instalment, on its due date in the network's time
// zone (PAY-02).
import { type ConfirmationDeps, sendOrderConfirmation } from '../confirmation/send-order-confirmation.ts';
import type { AfterCommit } from './finalise-order.ts';

/** Ours: later instalments are debited at 06:00 on their due date, network time. */
const DEBIT_HOUR = 6;

/** The offset of `timeZone` from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant of `hour`:00 on `date` (YYYY-MM-DD) in `timeZone`. */
export function localInstant(date: string, hour: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const wall = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

export async function runAfterCommit(
  deps: ConfirmationDeps,
  after: AfterCommit,
  timeZone: string,
): Promise<void> {
  if (after.completedOrderId !== null) await sendOrderConfirmation(deps, after.completedOrderId);
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
