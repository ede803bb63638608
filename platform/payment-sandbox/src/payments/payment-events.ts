// A payment's state changes and the signed notification each one sends.
import type { AttemptResult } from '../notifications/notifier.ts';
import type { Notification, NotificationType, RefusalReason, SavedMethod } from '../protocol/schemas.ts';
import { newId } from '../store/ids.ts';
import type { Payment, SettlementOutcome } from '../store/sandbox-store.ts';
import type { SandboxDeps } from './sandbox-deps.ts';

export type PaymentOutcome =
  | { status: 'succeeded' }
  | { status: 'refused'; reason: RefusalReason }
  | { status: 'cancelled' };

const EVENT_TYPES = {
  pending: 'payment.pending',
  succeeded: 'payment.succeeded',
  refused: 'payment.refused',
  cancelled: 'payment.cancelled',
} as const satisfies Record<string, NotificationType>;

/** Records the event of the payment's current status and sends it; answers the first attempt's end. */
function emitEvent(
  deps: SandboxDeps,
  payment: Payment,
  status: keyof typeof EVENT_TYPES,
  savedMethod: SavedMethod | null,
): Promise<AttemptResult> {
  payment.sequence += 1;
  const event: Notification = {
    id: newId('evt'),
    type: EVENT_TYPES[status],
    createdAt: deps.clock.now().toISOString(),
    sequence: payment.sequence,
    data: {
      checkoutId: payment.checkoutId,
      paymentId: payment.id,
      merchantReference: payment.merchantReference,
      amount: payment.amount,
      currency: payment.currency,
      method: payment.method,
      reason: payment.reason,
      savedMethod,
    },
  };
  deps.store.events.push(event);
  return deps.notifier.notify(payment.notifyUrl, event);
}

/**
 * Ends a payment. The state changes before anything is awaited, so a second submission that
 * arrives meanwhile finds the payment finished.
 */
export function finishPayment(deps: SandboxDeps, payment: Payment, outcome: PaymentOutcome) {
  if (payment.status !== 'open' && payment.status !== 'pending') {
    throw new Error(`payment ${payment.id} is already ${payment.status}`);
  }
  payment.status = outcome.status;
  payment.reason = outcome.status === 'refused' ? outcome.reason : null;
  let savedMethod: SavedMethod | null = null;
  if (outcome.status === 'succeeded' && payment.methodToSave) {
    deps.store.savedMethods.set(payment.methodToSave.method.token, payment.methodToSave);
    savedMethod = payment.methodToSave.method;
  }
  return emitEvent(deps, payment, outcome.status, savedMethod);
}

/** A SEPA debit was submitted: pending now, settled after the configured delay (or by the test helper). */
export function submitDebit(deps: SandboxDeps, payment: Payment, settlement: SettlementOutcome) {
  if (payment.status !== 'open') throw new Error(`payment ${payment.id} is already ${payment.status}`);
  payment.status = 'pending';
  payment.settlement = settlement;
  deps.clock.setTimeout(() => {
    void settleDebit(deps, payment);
  }, deps.config.sepaSettleMs);
  return emitEvent(deps, payment, 'pending', null);
}

/** Settles a pending debit as its IBAN says; a payment that is not pending is left as it is. */
export function settleDebit(deps: SandboxDeps, payment: Payment): Promise<AttemptResult> | null {
  if (payment.status !== 'pending' || !payment.settlement) return null;
  return finishPayment(deps, payment, payment.settlement);
}
