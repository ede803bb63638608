// A charge of a saved method whose notification does not come (decision 0043): the provider gives
// up notifying after its retries (our endpoint down or flooded), and the payment would stay open
// for ever, the customer charged and nothing delivered. Each charge sent is therefore given a read
// at the provider some minutes later (the sweep of check-due-checkouts.ts), and read again while it
// is still open or pending (a SEPA debit settles in days). What is read is applied as its
// notification would be, under an event id made of what was read, so reading it again changes
// nothing and a notification arriving after it changes nothing either.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { type PaymentRow, payments } from '../../../db/schema/payments.ts';
import type { PaymentState } from '../../payments/payment-provider.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import { logAwaitingNetwork } from './acknowledge-payment.ts';
import { runAfterCommit } from './after-commit.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';

/** Ours: a charge still without an outcome is read at the provider this long after it was sent. */
export const CHARGE_READ_AFTER_MS = 10 * 60_000;
/** Ours: and again this long after each read that found it still open or pending. */
export const CHARGE_READ_AGAIN_MS = 30 * 60_000;

/**
 * Records the provider's payment id of a charge just sent, and when it is read at the provider if
 * no notification has settled it by then; nothing for a payment that has an outcome already.
 */
export async function recordChargeSent(
  db: Database,
  options: { paymentId: string; providerPaymentId: string; now: Date },
): Promise<PaymentRow | undefined> {
  const [updated] = await db
    .update(payments)
    .set({
      providerPaymentId: options.providerPaymentId,
      checkoutCheckAt: new Date(options.now.getTime() + CHARGE_READ_AFTER_MS),
      updatedAt: options.now,
    })
    .where(and(eq(payments.id, options.paymentId), inArray(payments.status, ['OPEN', 'PENDING'])))
    .returning();
  return updated;
}

/** Applies a payment's status read at the provider; an open payment changes nothing. */
async function applyPaymentState(deps: CheckoutDeps, state: PaymentState): Promise<void> {
  if (state.status === 'open') return;
  const result = await applyPaymentEvent({
    db: deps.db,
    cards: deps.cards,
    clock: deps.clock,
    logger: deps.logger,
    networkOf: (id) => deps.networks.settlingById(id),
    event: {
      id: `read:${state.paymentId}:${state.status}:${state.amount}:${state.currency}`.slice(0, 200),
      provider: deps.payments.name,
      outcome: state.status,
      sequence: null,
      merchantReference: state.merchantReference,
      checkoutId: state.checkoutId,
      providerPaymentId: state.paymentId,
      money: { amount: state.amount, currency: state.currency },
      reason: state.reason,
      savedMethod: null,
      payload: state,
    },
  });
  if (result.kind === 'awaiting-network') logAwaitingNetwork(deps, result);
  if (result.kind === 'applied') await runAfterCommit(deps, result.after, result.timeZone);
}

/**
 * Reads a sent charge at the provider and applies what it says. Answers 'unsettled' when the
 * payment is still without an outcome (to be read again later), 'done' otherwise.
 */
export async function readChargeAtProvider(
  deps: CheckoutDeps,
  payment: PaymentRow & { providerPaymentId: string },
): Promise<'unsettled' | 'done'> {
  const state = await deps.payments.getPayment(payment.providerPaymentId);
  await applyPaymentState(deps, state);
  const [after] = await deps.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, payment.id))
    .limit(1);
  return after && (after.status === 'OPEN' || after.status === 'PENDING') ? 'unsettled' : 'done';
}
