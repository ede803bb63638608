// The product page, /products/{id}. The id is optional in the route so that /products and
// /products/ reach the page's loader, which sends them home (ROUTE-03).
import type { RouteObject } from 'react-router';

export const productRoutes: RouteObject[] = [
  { path: 'products/:id?', lazy: () => import('./pages/product.tsx') },
];
