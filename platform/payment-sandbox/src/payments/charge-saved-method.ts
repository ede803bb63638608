// Charges a saved method without the customer: later instalments, a saved card.
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
    status: 'open',
    reason: null,
    sequence: 0,
    settlement: null,
    methodToSave: null,
  };
  deps.store.payments.set(payment.id, payment);

  // The answer does not wait for the notification: its retries carry on alone.
  if (method.kind === 'TRANSFER') {
    void submitDebit(deps, payment, stored.settlement ?? { status: 'succeeded' });
  } else if (stored.declinesCharges) {
    void finishPayment(deps, payment, { status: 'refused', reason: 'card_declined' });
  } else if (isExpired({ month: method.expMonth, year: method.expYear }, deps.clock.now())) {
    void finishPayment(deps, payment, { status: 'refused', reason: 'card_expired' });
  } else {
    void finishPayment(deps, payment, { status: 'succeeded' });
  }
  return payment;
}
