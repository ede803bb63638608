// Renders a component, or the whole app at an address, inside the app's providers and a memory
// router, as the app does.
import { render } from '@testing-library/react';
import { directionOf, type Locale } from '@transit-shop/sdk/locales';
import type { Bootstrap } from '@transit-shop/tenancy';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
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
  const locale = options.locale ?? 'fr';
  const bootstrap = options.bootstrap ?? fixtureBootstrap({ locale });
  setPathsNetwork(bootstrap.network);
  const i18n = await createI18n(locale);
  const cache = await loadEmotionCache(bootstrap.direction);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
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
  const router = createMemoryRouter(createRoutes({ bootstrap: store, i18n }), { initialEntries: [path] });
  const result = render(
    <AppProviders bootstrap={store} i18n={i18n} emotionCache={cache}>
      <RootErrorBoundary>
        <RouterProvider router={router} />
      </RootErrorBoundary>
    </AppProviders>,
  );
  return { ...result, router, i18n, store };
}

let sources = 0;
/** A beacon address of its own, so no test sees another's cached or penalised alert source. */
export function freshAlertSource(): string {
  sources += 1;
  return `/alerts-${sources}`;
}
