// The steps after the cart, under /cart (spec 01 §2): checkout, collect, invite-login, invoice-email
// and shipping-address. They live here, not in the paths registry: the registry is on the first
// paint, and the cart's one route (/cart/*) reaches them all.
import { paths } from '../../config/paths.ts';

export const CART_STEPS = [
  'checkout',
  'collect',
  'invite-login',
  'invoice-email',
  'shipping-address',
] as const;
export type CartStep = (typeof CART_STEPS)[number];

/** The path of a step: /cart/checkout... */
export const cartStepPath = (step: CartStep) => `${paths.cart}/${step}`;

/** The cart page itself (''), one of its steps, or null for an unknown address under /cart. */
export function cartStepOf(path: string): CartStep | '' | null {
  const rest = path.replace(/\/+$/, '').slice(paths.cart.length).replace(/^\//, '');
  if (rest === '') return '';
  return (CART_STEPS as readonly string[]).includes(rest) ? (rest as CartStep) : null;
}
