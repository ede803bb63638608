// The minute's sweep of checkouts whose page must have ended (decision 0019): the sandbox does not
// notify an abandoned page, so each payment whose checkoutCheckAt has come is read once at the
// provider (checkAbandonedCheckout): an expired page cancels its order and gives its voucher uses
// and collect place back. A payment still open at the provider is read again a minute later; one
// the provider could not tell is left as it is, for the next sweep.
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { payments } from '../../../db/schema/payments.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import { checkAbandonedCheckout } from './acknowledge-payment.ts';

/** Ours: the sweep runs every minute. */
export const DUE_CHECKOUTS_CRON = '* * * * *';
/** Ours: payments read by one sweep at most; the next one takes the rest. */
const CHECKOUTS_PER_SWEEP = 200;
/** Ours: a checkout still open at the provider is read again this long after. */
const READ_AGAIN_MS = 60_000;

/** Reads every checkout due; answers how many were read. */
export async function checkDueCheckouts(deps: CheckoutDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(isNotNull(payments.checkoutCheckAt), lte(payments.checkoutCheckAt, now)))
    .orderBy(asc(payments.checkoutCheckAt))
    .limit(CHECKOUTS_PER_SWEEP);
  let read = 0;
  for (const payment of due) {
    let again: boolean;
    try {
      again = (await checkAbandonedCheckout(deps, payment.id)) === 'again';
    } catch (error) {
      deps.logger.error(
        { err: error, paymentId: payment.id },
        'checkout not read; the next sweep tries again',
      );
      continue;
    }
    read += 1;
    // Done once it has an outcome; still open (its page not ended at the provider), or paid for an
    // order whose network is not loaded: a minute later.
    const later = new Date(now.getTime() + READ_AGAIN_MS);
    await deps.db
      .update(payments)
      .set({
        checkoutCheckAt: again
          ? later
          : sql`case when ${payments.status} = 'OPEN' then ${later.toISOString()}::timestamptz else null end`,
      })
      .where(eq(payments.id, payment.id));
  }
  return read;
}
