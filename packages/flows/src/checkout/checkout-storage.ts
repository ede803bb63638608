// The checkout attempt kept in session storage under `checkout` across the payment provider's
// redirect (decision 0018): the order key, the order placed under it and its reference (decision
// 0021), and the buyer's choices.
// Read back with zod, so an entry that is unreadable or of another format costs the attempt, never
// the page; the server still has the order and answers for it.
import { collectChoiceOf } from './checkout-rules.ts';
import {
  CHECKOUT_STORAGE_VERSION,
  type CheckoutContext,
  type SavedCheckout,
  savedCheckoutSchema,
} from './checkout-types.ts';

export { CHECKOUT_STORAGE_KEY } from './checkout-types.ts';

/** The attempt the context holds, as it is kept (CHECKOUT_STORAGE_KEY). */
export function savedCheckoutOf(context: CheckoutContext): SavedCheckout {
  return {
    version: CHECKOUT_STORAGE_VERSION,
    orderKey: context.orderKey,
    orderId: context.orderId,
    orderReference: context.orderReference,
    invoiceEmail: context.customer?.kind === 'guest' ? context.customer.invoiceEmail : null,
    shippingAddress: context.shippingAddress,
    collect: collectChoiceOf(context),
    installments: context.installments,
    paymentMethod: context.paymentMethod,
    savedMethodId: context.savedMethodId,
    saveMethod: context.saveMethod,
  };
}

/** What to write under `checkout` for the attempt the snapshot holds (JSON.stringify it). */
export function serializeCheckout(snapshot: { readonly context: CheckoutContext }): SavedCheckout {
  return savedCheckoutOf(snapshot.context);
}

/**
 * The saved attempt from what storage holds (its JSON text, or the value already parsed); null
 * when nothing is saved, or the entry is not JSON, not of this version, or not a valid attempt.
 */
export function restoreCheckout(saved: unknown): SavedCheckout | null {
  if (saved == null) return null;
  let value = saved;
  if (typeof saved === 'string') {
    try {
      value = JSON.parse(saved);
    } catch {
      return null;
    }
  }
  const parsed = savedCheckoutSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
