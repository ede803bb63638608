// Every page of the shop (decision 0034): loaded on the first navigation away from the home page,
// or before the first render when the visit starts elsewhere, so the first paint holds only the
// home page's route and adding pages adds nothing to it. Each page is a lazy module.
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { accountRoutes } from '../features/account/routes.ts';
import { authRoutes } from '../features/auth/routes.ts';
import { cartRoutes } from '../features/cart/routes.ts';
import { checkoutRoutes } from '../features/checkout/routes.ts';
import { documentsRoutes } from '../features/documents/routes.ts';
import { productRoutes } from '../features/products/routes.ts';
import { tunnelRoutes } from '../features/tunnel/routes.ts';
import { walletRoutes } from '../features/wallet/routes.ts';
import { homeRoute } from './home-route.ts';

export type PageTable = {
  /** Pages outside the shop's guard: sign-in, legal and maintenance pages (ROUTE-10). */
  outside: RouteObject[];
  /** Pages inside the shop's guard, the home page first. */
  shop: RouteObject[];
};

export const pageTable: PageTable = {
  outside: [
    ...authRoutes,
    { path: paths.legalNotices.slice(1), lazy: () => import('./routes/legal-notices.tsx') },
    { path: paths.privacyPolicy.slice(1), lazy: () => import('./routes/privacy-policy.tsx') },
    { path: paths.termsOfUse.slice(1), lazy: () => import('./routes/terms-of-use.tsx') },
    { path: paths.maintenance.slice(1), lazy: () => import('./routes/maintenance.tsx') },
  ],
  shop: [
    homeRoute,
    ...walletRoutes,
    ...accountRoutes,
    ...documentsRoutes,
    ...cartRoutes,
    ...checkoutRoutes,
    ...productRoutes,
    ...tunnelRoutes,
    { path: '*', lazy: () => import('./routes/not-found.tsx') },
  ],
};
