// Charges a saved method: later instalments and renewals without the customer, or a saved card they chose.
import type { ChargeRequest } from '../protocol/schemas.ts';
import { newId } from '../store/ids.ts';
import type { Payment } from '../store/sandbox-store.ts';
import { isExpired } from './card-checks.ts';
import { finishPayment, submitDebit } from './payment-events.ts';
import type { SandboxDeps } from './sandbox-deps.ts';

/** The new payment, or null when no method is saved under the token. */
export function chargeSavedMethod(deps: SandboxDeps, request: ChargeRequest): Payment | null {
  const stored = deps.store.savedMethods.get(request.methodToken);
  if (!stored) return null;
  const { method } = stored;
  const payment: Payment = {
    id: newId('pay'),
    checkoutId: null,
    merchantReference: request.merchantReference,
    amount: request.amount,
    currency: request.currency,
    method: method.kind,
    notifyUrl: request.notifyUrl,
    purpose: request.purpose,
    status: 'open',
    reason: null,
    sequence: 0,
    settlement: null,
    methodToSave: null,
  };
  deps.store.payments.set(payment.id, payment);

  // The answer does not wait for the notification: its retries carry on alone.
  if (method.kind === 'TRANSFER') {
    // A mandate the sandbox knows is revoked is not submitted to the bank at all.
    if (stored.revokedAt) void finishPayment(deps, payment, { status: 'refused', reason: 'mandate_revoked' });
    else void submitDebit(deps, payment, stored.settlement ?? { status: 'succeeded' });
  } else if (stored.chargeRefusal) {
    void finishPayment(deps, payment, { status: 'refused', reason: stored.chargeRefusal });
  } else if (isExpired({ month: method.expMonth, year: method.expYear }, deps.clock.now())) {
    void finishPayment(deps, payment, { status: 'refused', reason: 'card_expired' });
  } else {
    void finishPayment(deps, payment, { status: 'succeeded' });
  }
  return payment;
}
