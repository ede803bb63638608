// The one route registry: every page exists under each language prefix and without one; the
// language guard sends each address to its canonical form on the page's network (decision 0023).
import { LOCALES, type Locale } from '@transit-shop/sdk/locales';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { accountRoutes } from '../features/account/routes.ts';
import { authRoutes, completeAccountLoader } from '../features/auth/routes.ts';
import { cartRoutes } from '../features/cart/routes.ts';
import { checkoutRoutes } from '../features/checkout/routes.ts';
import { documentsRoutes } from '../features/documents/routes.ts';
import { productRoutes } from '../features/products/routes.ts';
import { tunnelRoutes } from '../features/tunnel/routes.ts';
import { walletRoutes } from '../features/wallet/routes.ts';
import type { BuildWatch } from '../lib/build-watch.ts';
import { staleBuildLoader } from '../lib/stale-build-loader.ts';
import { Layout } from './layout.tsx';
import { type LocaleLoaderContext, localeLoader } from './locale-loader.ts';
import { RouteError } from './route-error.tsx';

const pages: RouteObject[] = [
  ...authRoutes,
  { path: paths.legalNotices.slice(1), lazy: () => import('./routes/legal-notices.tsx') },
  { path: paths.privacyPolicy.slice(1), lazy: () => import('./routes/privacy-policy.tsx') },
  { path: paths.termsOfUse.slice(1), lazy: () => import('./routes/terms-of-use.tsx') },
  { path: paths.maintenance.slice(1), lazy: () => import('./routes/maintenance.tsx') },
  {
    // ROUTE-10: the shop's pages send a logged-in account lacking names or email to auth/finalize
    // first; the sign-in, legal and maintenance pages above stay reachable.
    loader: completeAccountLoader,
    children: [
      { index: true, lazy: () => import('./routes/home.tsx') },
      ...walletRoutes,
      ...accountRoutes,
      ...documentsRoutes,
      ...cartRoutes,
      ...checkoutRoutes,
      ...productRoutes,
      ...tunnelRoutes,
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];

/** Every language prefix, and none (undefined) for unprefixed addresses. */
const LOCALE_PREFIXES: readonly (Locale | undefined)[] = [...LOCALES, undefined];

function NothingYet() {
  return null;
}

export type RouterContext = LocaleLoaderContext & { build?: Pick<BuildWatch, 'isStale'> };

export function createRoutes(context: RouterContext): RouteObject[] {
  return [
    {
      element: <Layout />,
      // SHELL-01: after a new build, the next navigation loads the page from the server.
      ...(context.build ? { loader: staleBuildLoader(context.build), shouldRevalidate: () => true } : {}),
      errorElement: <RouteError standalone />,
      // main.tsx renders once the first route is ready (the prepaint header stays until then);
      // a router rendered earlier, as in tests, shows nothing while the route loads.
      HydrateFallback: NothingYet,
      children: [
        {
          // Errors of a page render inside the layout; errors of the layout itself above.
          errorElement: <RouteError />,
          children: LOCALE_PREFIXES.map((locale) => ({
            id: locale ? `locale-${locale}` : 'locale-unprefixed',
            path: locale ? `/${locale}` : '/',
            loader: localeLoader(locale, context),
            // The language of a prefix never changes: its loader runs once per visit of the prefix.
            shouldRevalidate: () => false,
            children: pages,
          })),
        },
      ],
    },
  ];
}

/**
 * Starts loading the code of the page at this address, so it arrives while the messages load
 * rather than after (the router's own `lazy` call then finds the module already there).
 */
export function preloadPage(pathname: string): void {
  const tree = LOCALE_PREFIXES.map((locale) => ({ path: locale ? `/${locale}` : '/', children: pages }));
  for (const match of matchRoutes(tree, pathname) ?? []) {
    const { lazy } = match.route as RouteObject;
    if (typeof lazy === 'function') void lazy().catch(() => {}); // the router reports failures
  }
}

export function createAppRouter(context: RouterContext) {
  return createBrowserRouter(createRoutes(context));
}
