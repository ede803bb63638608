// ROUTE-04 for route loaders (never effects): checkout, collect and invite-login open only when the
// cart's checkout check passes (lines, terms of sale and privacy accepted, the over-18 declaration
// unless the buyer's birthday says 18 or more, vouchers that apply); otherwise back to the cart.
// An address with an order's reference (`?order=`, the provider's return, decision 0021) opens
// whatever the cart holds: the page shows that order's outcome. A cart that empties itself as it
// starts because its order in flight was paid (in another tab, browser or device) sends the buyer
// to that order's outcome instead of an empty cart.
import { canCheckout, isCartVerifying } from '@transit-shop/flows/cart/cart-selectors';
import { ORDER_REFERENCE_PARAM, orderReferenceSchema } from '@transit-shop/sdk/contract/checkout';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { waitFor } from 'xstate';
import { localePath, paths, splitLocale } from '../../config/paths.ts';
import { currentUser } from '../session/guards.ts';
import { getSessionRuntime } from '../session/session-runtime.ts';
import { type CartRuntime, getCartRuntime } from './cart-runtime.ts';

/** How long a guard waits for a verification under way: its vouchers decide CART-10. */
const VERIFY_WAIT_MS = 10_000;

export async function requireCheckout({
  request,
}: Pick<LoaderFunctionArgs, 'request'>): Promise<CartRuntime> {
  const url = new URL(request.url);
  const [session, cart] = await Promise.all([getSessionRuntime(), getCartRuntime()]);
  if (orderReferenceSchema.safeParse(url.searchParams.get(ORDER_REFERENCE_PARAM)).success) return cart;
  // Read before the cart's own check of it settles.
  const inFlight = cart.actor.getSnapshot().context.orderInFlight;
  const snapshot = await waitFor(cart.actor, (s) => !isCartVerifying(s) && !s.matches('checkingOrder'), {
    timeout: VERIFY_WAIT_MS,
  }).catch(() => cart.actor.getSnapshot());
  const user = await currentUser(session);
  if (!canCheckout(snapshot, { birthday: user?.userBirthday ?? null })) {
    const { locale } = splitLocale(url.pathname);
    if (inFlight !== null && snapshot.context.items.length === 0) {
      // The payment step, where the outcome of an order shows.
      const outcome = new URLSearchParams({ [ORDER_REFERENCE_PARAM]: inFlight });
      throw redirect(`${localePath(locale, paths.checkout)}?${outcome}`);
    }
    throw redirect(localePath(locale, paths.cart));
  }
  return cart;
}
