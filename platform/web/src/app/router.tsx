// The route tree: every page exists under each language prefix and without one; the language
// guard sends each address to its canonical form on the page's network (decision 0023). The pages
// themselves are listed in page-routes.ts, which the browser loads on its first navigation away from
// the home page (decision 0034).
import { LOCALES, type Locale } from '@transit-shop/sdk/locales';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { completeAccountLoader } from '../features/auth/complete-account-loader.ts';
import type { BuildWatch } from '../lib/build-watch.ts';
import { staleBuildLoader } from '../lib/stale-build-loader.ts';
import { homeRoute } from './home-route.ts';
import { Layout } from './layout.tsx';
import { type LocaleLoaderContext, localeLoader } from './locale-loader.ts';
import type { PageTable } from './page-routes.ts';
import { RouteError } from './route-error.tsx';

/** What the first paint knows of the pages: the home page alone (decision 0034). */
const FIRST_PAINT_TABLE: PageTable = { outside: [], shop: [homeRoute] };

export const loadPageTable = async (): Promise<PageTable> => (await import('./page-routes.ts')).pageTable;

const shopRouteId = (localeRouteId: string) => `${localeRouteId}-shop`;

/** The pages under one language prefix: those outside the shop's guard, then the guarded ones. */
function pagesUnder(localeRouteId: string, table: PageTable): RouteObject[] {
  return [
    ...table.outside,
    {
      id: shopRouteId(localeRouteId),
      // ROUTE-10: the shop's pages send a logged-in account lacking names or email to auth/finalize
      // first; the sign-in, legal and maintenance pages stay reachable.
      loader: completeAccountLoader,
      children: table.shop,
    },
  ];
}

/** Every language prefix, and none (undefined) for unprefixed addresses. */
const LOCALE_PREFIXES: readonly (Locale | undefined)[] = [...LOCALES, undefined];

function NothingYet() {
  return null;
}

export type RouterContext = LocaleLoaderContext & { build?: Pick<BuildWatch, 'isStale'> };

const localeRouteId = (locale: Locale | undefined) => (locale ? `locale-${locale}` : 'locale-unprefixed');

/** The route tree with the given pages: all of them (tests, the server), or the first paint's. */
export function createRoutes(context: RouterContext, table: PageTable = FIRST_PAINT_TABLE): RouteObject[] {
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
            id: localeRouteId(locale),
            path: locale ? `/${locale}` : '/',
            loader: localeLoader(locale, context),
            // The language of a prefix never changes: its loader runs once per visit of the prefix.
            shouldRevalidate: () => false,
            children: pagesUnder(localeRouteId(locale), table),
          })),
        },
      ],
    },
  ];
}

const prefixTree = (table: PageTable): RouteObject[] =>
  LOCALE_PREFIXES.map((locale) => ({
    path: locale ? `/${locale}` : '/',
    children: [...table.outside, { children: table.shop }],
  }));

/**
 * Starts loading the code of the page at this address, so it arrives while the messages load
 * rather than after (the router's own `lazy` call then finds the module already there). An
 * address other than the home page's needs the page table first.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const matches =
    matchRoutes(prefixTree(FIRST_PAINT_TABLE), pathname) ??
    matchRoutes(prefixTree(await loadPageTable()), pathname);
  for (const match of matches ?? []) {
    const { lazy } = match.route as RouteObject;
    if (typeof lazy === 'function') void lazy().catch(() => {}); // the router reports failures
  }
}

export function createAppRouter(context: RouterContext) {
  let patched = false;
  return createBrowserRouter(createRoutes(context), {
    // The first navigation to an address the first paint does not know brings in every page.
    async patchRoutesOnNavigation({ patch }) {
      if (patched) return;
      const table = await loadPageTable();
      if (patched) return;
      patched = true;
      for (const locale of LOCALE_PREFIXES) {
        const id = localeRouteId(locale);
        patch(id, table.outside);
        patch(
          shopRouteId(id),
          table.shop.filter((route) => route !== homeRoute),
        );
      }
    },
  });
}
