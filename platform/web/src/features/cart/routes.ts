// The cart's pages: /cart, and the steps after it that need the cart's checkout check (ROUTE-04).
// One lazy module serves them all: each lazy import costs the first paint its list of chunks.
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';

const cartPages = () => import('./pages/cart-pages.tsx');

export const cartRoutes: RouteObject[] = [
  paths.cart,
  paths.cartCheckout,
  paths.cartCollect,
  paths.cartInviteLogin,
].map((path) => ({ path: path.slice(1), lazy: cartPages }));
