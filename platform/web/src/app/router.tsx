// The one route registry: every page exists under each language prefix (fr has none).
import { LOCALES } from '@transit-shop/sdk/locales';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { localePrefix, paths } from '../config/paths.ts';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';

const pages: RouteObject[] = [
  { index: true, lazy: () => import('./routes/home.tsx') },
  { path: paths.legalNotices.slice(1), lazy: () => import('./routes/legal-notices.tsx') },
  { path: paths.privacyPolicy.slice(1), lazy: () => import('./routes/privacy-policy.tsx') },
  { path: paths.termsOfUse.slice(1), lazy: () => import('./routes/terms-of-use.tsx') },
  { path: paths.maintenance.slice(1), lazy: () => import('./routes/maintenance.tsx') },
  { path: '*', lazy: () => import('./routes/not-found.tsx') },
];

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: LOCALES.map((locale) => ({ path: localePrefix(locale) || '/', children: pages })),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
