// The minute's sweep of checkouts whose page must have ended (decision 0019): the sandbox does not
// notify an abandoned page, so each payment whose checkoutCheckAt has come is read once at the
// provider (checkAbandonedCheckout): an expired page cancels its order and gives its voucher uses
// and collect place back. A payment still open at the provider is read again a minute later; one
// the provider could not tell is left as it is, for the next sweep. A charge of a saved method whose
// notification has not come is read the same way (charge-reads.ts), and again while unsettled.
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { type PaymentRow, payments } from '../../../db/schema/payments.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import { checkAbandonedCheckout } from './acknowledge-payment.ts';
import { CHARGE_READ_AGAIN_MS, readChargeAtProvider } from './charge-reads.ts';

/** Ours: the sweep runs every minute. */
export const DUE_CHECKOUTS_CRON = '* * * * *';
/** Ours: payments read by one sweep at most; the next one takes the rest. */
const CHECKOUTS_PER_SWEEP = 200;
/** Ours: a checkout still open at the provider is read again this long after. */
const READ_AGAIN_MS = 60_000;

/** Reads one payment at the provider; answers when to read it again, if ever. */
async function readOnce(deps: CheckoutDeps, payment: PaymentRow, now: Date): Promise<Date | null> {
  const { providerPaymentId } = payment;
  if (
    payment.kind === 'CHARGE' &&
    providerPaymentId !== null &&
    (payment.status === 'OPEN' || payment.status === 'PENDING')
  ) {
    const charge = await readChargeAtProvider(deps, { ...payment, providerPaymentId });
    return charge === 'unsettled' ? new Date(now.getTime() + CHARGE_READ_AGAIN_MS) : null;
  }
  const again = (await checkAbandonedCheckout(deps, payment.id)) === 'again';
  // Done once it has an outcome; still open (its page not ended at the provider), or paid for an
  // order whose network is not loaded: a minute later.
  const later = new Date(now.getTime() + READ_AGAIN_MS);
  if (again) return later;
  const [after] = await deps.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, payment.id))
    .limit(1);
  return after?.status === 'OPEN' ? later : null;
}

/** Reads every payment due; answers how many were read. */
export async function checkDueCheckouts(deps: CheckoutDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(payments)
    .where(and(isNotNull(payments.checkoutCheckAt), lte(payments.checkoutCheckAt, now)))
    .orderBy(asc(payments.checkoutCheckAt))
    .limit(CHECKOUTS_PER_SWEEP);
  let read = 0;
  for (const payment of due) {
    let next: Date | null;
    try {
      next = await readOnce(deps, payment, now);
    } catch (error) {
      deps.logger.error(
        { err: error, paymentId: payment.id },
        'payment not read at the provider; the next sweep tries again',
      );
      continue;
    }
    read += 1;
    await deps.db.update(payments).set({ checkoutCheckAt: next }).where(eq(payments.id, payment.id));
  }
  return read;
}
