// The cart's page, /cart. The checkout's steps under /cart are the checkout feature's routes; any
// other address under /cart is not found.
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';

export const cartRoutes: RouteObject[] = [
  {
    path: paths.cart.slice(1),
    lazy: () => import('./pages/cart.tsx'),
  },
  {
    // ROUTE-02: any other address under /cart than the checkout's steps is not found.
    path: `${paths.cart.slice(1)}/*`,
    loader: () => {
      throw new Response('Not Found', { status: 404 });
    },
    // Never rendered: the loader always throws, and the error screen shows.
    element: null,
  },
];
