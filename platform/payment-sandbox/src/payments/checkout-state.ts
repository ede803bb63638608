// A checkout's current state: its payment's status, or `expired` once its page stopped answering.
import type { CheckoutAnswer, CheckoutStatus } from '../protocol/schemas.ts';
import type { Checkout, Payment } from '../store/sandbox-store.ts';
import type { SandboxDeps } from './sandbox-deps.ts';

export function paymentOf(deps: SandboxDeps, checkout: Checkout): Payment {
  const payment = deps.store.payments.get(checkout.paymentId);
  if (!payment) throw new Error(`checkout ${checkout.id} has no payment`);
  return payment;
}

export function checkoutStatus(deps: SandboxDeps, checkout: Checkout): CheckoutStatus {
  const { status } = paymentOf(deps, checkout);
  if (status === 'open' && deps.clock.now() >= checkout.expiresAt) return 'expired';
  return status;
}

export function describeCheckout(deps: SandboxDeps, checkout: Checkout): CheckoutAnswer {
  const { request } = checkout;
  return {
    id: checkout.id,
    status: checkoutStatus(deps, checkout),
    paymentId: checkout.paymentId,
    merchantReference: request.merchantReference,
    amount: request.amount,
    currency: request.currency,
    method: request.method,
  };
}
