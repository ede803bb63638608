// The cart's pages: /cart, and the steps after it that need the cart's checkout check (ROUTE-04),
// as one route whose module tells them apart: the route registry is on the first paint.
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';

export const cartRoutes: RouteObject[] = [
  { path: `${paths.cart.slice(1)}/*`, lazy: () => import('./pages/cart-pages.tsx') },
];
