// ROUTE-04 for route loaders (never effects): checkout, collect and invite-login open only when the
// cart's checkout check passes (lines, terms of sale and privacy accepted, the over-18 declaration
// unless the buyer's birthday says 18 or more, vouchers that apply); otherwise back to the cart.
import { canCheckout, isCartVerifying } from '@transit-shop/flows/cart/cart-selectors';
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
  const [session, cart] = await Promise.all([getSessionRuntime(), getCartRuntime()]);
  const snapshot = await waitFor(cart.actor, (s) => !isCartVerifying(s), { timeout: VERIFY_WAIT_MS }).catch(
    () => cart.actor.getSnapshot(),
  );
  const user = await currentUser(session);
  if (!canCheckout(snapshot, { birthday: user?.userBirthday ?? null })) {
    throw redirect(localePath(splitLocale(new URL(request.url).pathname).locale, paths.cart));
  }
  return cart;
}
