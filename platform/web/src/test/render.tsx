// Renders a component, or the whole app at an address, inside the app's providers and a memory
// router, as the app does.
import { render } from '@testing-library/react';
import { directionOf, type Locale } from '@transit-shop/sdk/locales';
import type { Bootstrap } from '@transit-shop/tenancy';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { pageTable } from '../app/page-routes.ts';
import { AppProviders } from '../app/providers.tsx';
import { RootErrorBoundary } from '../app/root-error-boundary.tsx';
import { createRoutes } from '../app/router.tsx';
import { setPathsNetwork, splitLocale } from '../config/paths.ts';
import { createBootstrapStore } from '../lib/bootstrap-context.tsx';
import { createI18n } from '../lib/i18n.ts';
import { loadEmotionCache } from '../lib/theme/emotion-cache.ts';
import { fixtureBootstrap } from './fixtures/bootstrap.ts';

export async function renderWithApp(
  ui: ReactNode,
  options: { locale?: Locale; path?: string; bootstrap?: Bootstrap } = {},
) {
  return renderRoutesWithApp([{ path: '*', element: ui }], options);
}

/** Routes of their own (a page reading its params), inside the app's providers. */
export async function renderRoutesWithApp(
  routes: RouteObject[],
  options: { locale?: Locale; path?: string; bootstrap?: Bootstrap } = {},
) {
  const locale = options.locale ?? 'fr';
  const bootstrap = options.bootstrap ?? fixtureBootstrap({ locale });
  setPathsNetwork(bootstrap.network);
  const i18n = await createI18n(locale);
  const cache = await loadEmotionCache(bootstrap.direction);
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  const result = render(
    <AppProviders bootstrap={createBootstrapStore(bootstrap)} i18n={i18n} emotionCache={cache}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, i18n };
}

/** The whole app (route registry, language guard, layout) at an address. */
export async function renderApp(path: string, options: { bootstrap?: Bootstrap } = {}) {
  // As the tenant service serves it: the bootstrap of the address's language.
  setPathsNetwork((options.bootstrap ?? fixtureBootstrap()).network);
  const { locale } = splitLocale(path);
  const bootstrap = options.bootstrap ?? fixtureBootstrap({ locale, direction: directionOf(locale) });
  const i18n = await createI18n(bootstrap.locale);
  const cache = await loadEmotionCache(bootstrap.direction);
  const store = createBootstrapStore(bootstrap);
  const router = createMemoryRouter(createRoutes({ bootstrap: store, i18n }, pageTable), {
    initialEntries: [path],
  });
  const result = render(
    <AppProviders bootstrap={store} i18n={i18n} emotionCache={cache}>
      <RootErrorBoundary>
        <RouterProvider router={router} />
      </RootErrorBoundary>
    </AppProviders>,
  );
  return { ...result, router, i18n, store };
}

/**
 * The page frame's parts app/layout.tsx loads after the first paint, compiled ahead (in a test
 * file's `beforeAll`) so that cost does not fall within one test's time.
 */
export function preloadLayoutParts() {
  return Promise.all([
    import('../features/alerts/components/alert-area.tsx'),
    import('../features/auth/components/session-area.tsx'),
    import('../features/cart/components/cart-area.tsx'),
    import('../features/shell/components/footer-controls.tsx'),
  ]);
}

let sources = 0;
/** A beacon address of its own, so no test sees another's cached or penalised alert source. */
export function freshAlertSource(): string {
  sources += 1;
  return `/alerts-${sources}`;
}
