// Lazy route discovery (decision 0034): the first paint knows the home page's route alone; the
// first navigation elsewhere brings in every page, under every language prefix, once.

import { PROVIDER_RETURN_PATHS } from '@transit-shop/sdk/contract/authentication';
import type { Locale } from '@transit-shop/sdk/locales';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths, setPathsNetwork } from '../config/paths.ts';
import { createBootstrapStore } from '../lib/bootstrap-context.tsx';
import { createI18n } from '../lib/i18n.ts';
import { fixtureBootstrap } from '../test/fixtures/bootstrap.ts';
import { homeRoute } from './home-route.ts';
import { pageTable } from './page-routes.ts';
import { createAppRouter, createRoutes } from './router.tsx';

async function context() {
  const bootstrap = fixtureBootstrap();
  // The tenant service's bootstrap of another language, asked for when the language changes.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const locale = new URL(String(input), 'http://localhost').searchParams.get('locale') as Locale;
      return Response.json(fixtureBootstrap({ locale, direction: locale === 'ar' ? 'rtl' : 'ltr' }));
    }),
  );
  setPathsNetwork(bootstrap.network);
  return { bootstrap: createBootstrapStore(bootstrap), i18n: await createI18n('fr') };
}

const leafOf = (router: ReturnType<typeof createAppRouter>) => router.state.matches.at(-1)?.route;

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('the route tree', () => {
  it('of the first paint holds the home page alone, under each language prefix', async () => {
    const routes = createRoutes(await context());
    expect(matchRoutes(routes, '/')?.at(-1)?.route.lazy).toBe(homeRoute.lazy);
    expect(matchRoutes(routes, '/en')?.at(-1)?.route.lazy).toBe(homeRoute.lazy);
    expect(matchRoutes(routes, '/cart')).toBeNull();
    expect(matchRoutes(routes, '/en/products/1101')).toBeNull();
  });

  it('with the page table knows every page', async () => {
    const routes = createRoutes(await context(), pageTable);
    expect(matchRoutes(routes, '/cart')?.at(-1)?.route.path).toBe('cart');
    expect(matchRoutes(routes, '/ar/products/1101')?.at(-1)?.route.path).toBe('products/:id?');
  });

  it('of the browser brings in every page on the first navigation away from home, once', async () => {
    const router = createAppRouter(await context());
    await router.navigate('/cart');
    expect(leafOf(router)?.path).toBe('cart');
    const shopPages = (id: string) =>
      router.routes[0]?.children?.[0]?.children?.find((r) => r.id === id)?.children;
    const underFrench = shopPages('locale-fr')?.find((route) => route.id === 'locale-fr-shop')?.children;
    expect(underFrench?.filter((route) => route.index)).toHaveLength(1);
    const count = underFrench?.length;

    await router.navigate('/en/legal-notices');
    expect(leafOf(router)?.path).toBe('legal-notices');
    await router.navigate('/en');
    expect(leafOf(router)?.index).toBe(true);
    expect(shopPages('locale-fr')?.find((route) => route.id === 'locale-fr-shop')?.children).toHaveLength(
      count ?? -1,
    );
    router.dispose();
  });
});

describe('the paths registry', () => {
  // Addresses of the registry whose page is not built yet: each must still be the 404, so the
  // arrival of its page takes it off this list.
  const NOT_YET_PAGES: readonly (keyof typeof paths)[] = ['clear'];
  it('ROUTE-01 every address of the registry is a page, unprefixed and under a language prefix', async () => {
    const routes = createRoutes(await context(), pageTable);
    for (const [name, path] of Object.entries(paths) as [keyof typeof paths, string][]) {
      const address = path.replace(/:\w+/g, '1');
      // Every prefix holds the same pages (pagesUnder): one stands for all.
      for (const prefix of ['', '/ar']) {
        const page = matchRoutes(routes, `${prefix}${address}`)?.at(-1)?.route;
        if (NOT_YET_PAGES.includes(name)) expect(page?.path, `${name} not built yet`).toBe('*');
        else expect(page?.path === '*', `${prefix}${address} (${name}) is a page`).toBe(false);
      }
    }
  });

  it('every page a provider sends the browser back to is in the registry (decision 0044)', () => {
    const registered = new Set<string>(Object.values(paths));
    for (const path of Object.values(PROVIDER_RETURN_PATHS)) expect(registered.has(path), path).toBe(true);
  });
});
