// Renders a component inside the app's providers and a memory router, as the app does.

import { render } from '@testing-library/react';
import type { Locale } from '@transit-shop/sdk/locales';
import type { Bootstrap } from '@transit-shop/tenancy';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createI18n } from '../lib/i18n.ts';
import { loadEmotionCache } from '../lib/theme/emotion-cache.ts';
import { fixtureBootstrap } from './fixtures/bootstrap.ts';

export async function renderWithApp(
  ui: ReactNode,
  options: { locale?: Locale; path?: string; bootstrap?: Bootstrap } = {},
) {
  const locale = options.locale ?? 'fr';
  const bootstrap = options.bootstrap ?? fixtureBootstrap({ locale });
  const i18n = await createI18n(locale);
  const cache = await loadEmotionCache(bootstrap.direction);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.path ?? '/'] });
  const result = render(
    <AppProviders bootstrap={bootstrap} i18n={i18n} emotionCache={cache}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, i18n };
}
