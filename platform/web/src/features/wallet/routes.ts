// The wallet's pages: the signed-in customer's (/account/wallet) and a guest order's, by the
// reference of its confirmation email. Lazy: the signing library stays out of the first paint.
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';

export const walletRoutes: RouteObject[] = [
  { path: paths.accountWallet.slice(1), lazy: () => import('./pages/wallet.tsx') },
  { path: paths.walletGuest.slice(1), lazy: () => import('./pages/guest-wallet.tsx') },
];
