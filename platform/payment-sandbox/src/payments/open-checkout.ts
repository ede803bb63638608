// Opens a checkout: the hosted page of one payment, answering for 30 minutes.
import { CHECKOUT_LIFETIME_MS } from '../config.ts';
import type { CreateCheckoutRequest } from '../protocol/schemas.ts';
import { newFormToken, newId } from '../store/ids.ts';
import type { Checkout } from '../store/sandbox-store.ts';
import type { SandboxDeps } from './sandbox-deps.ts';

export function openCheckout(deps: SandboxDeps, request: CreateCheckoutRequest): Checkout {
  const createdAt = deps.clock.now();
  const checkout: Checkout = {
    id: newId('chk'),
    paymentId: newId('pay'),
    request,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + CHECKOUT_LIFETIME_MS),
    formToken: newFormToken(),
    challenge: null,
  };
  deps.store.checkouts.set(checkout.id, checkout);
  deps.store.payments.set(checkout.paymentId, {
    id: checkout.paymentId,
    checkoutId: checkout.id,
    merchantReference: request.merchantReference,
    amount: request.amount,
    currency: request.currency,
    method: request.method,
    notifyUrl: request.notifyUrl,
    purpose: null,
    status: 'open',
    reason: null,
    sequence: 0,
    settlement: null,
    methodToSave: null,
  });
  return checkout;
}

export const checkoutUrl = (deps: SandboxDeps, checkout: Checkout) =>
  `${deps.config.publicUrl}/pay/${checkout.id}`;
