import { act, render, screen, waitFor } from '@testing-library/react';
import type { MaintenanceAlert } from '@transit-shop/sdk';
import type { Bootstrap } from '@transit-shop/tenancy';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createBootstrapStore } from '../lib/bootstrap-context.tsx';
import { createI18n } from '../lib/i18n.ts';
import { loadEmotionCache } from '../lib/theme/emotion-cache.ts';
import { fixtureBootstrap } from '../test/fixtures/bootstrap.ts';
import { freshAlertSource, renderApp } from '../test/render.tsx';
import { AppProviders } from './providers.tsx';
import { RootErrorBoundary } from './root-error-boundary.tsx';
import { RouteError } from './route-error.tsx';

/** The fixture network with other languages. */
const networkOf = (languages: Pick<Bootstrap['network'], 'languages' | 'defaultLanguage'>) => {
  const network = fixtureBootstrap().network;
  return {
    ...network,
    ...languages,
    configuration: { ...network.configuration, languages: languages.languages },
  };
};

const HOME_TITLES = { fr: 'Bienvenue à bord', en: 'Welcome aboard', ar: 'مرحبًا بكم على متن شبكتنا' };

/**
 * Answers as the tenant service does: the beacon with these alerts, the bootstrap per language,
 * naming the test's own beacon address when it has one (an address shared with other tests would
 * answer from what they cached, fresh for as long as the machine's clock says).
 */
function beaconAnswers(
  alerts: MaintenanceAlert[],
  network = fixtureBootstrap().network,
  alertSources = fixtureBootstrap().alertSources,
) {
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', ...headers } });
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost:3000');
    if (url.pathname === '/bootstrap.json') {
      const locale = url.searchParams.get('locale') as keyof typeof HOME_TITLES;
      const direction = locale === 'ar' ? 'rtl' : 'ltr';
      const base = fixtureBootstrap({ network, locale, direction, alertSources });
      return json({ ...base, texts: { ...base.texts, homeTitle: HOME_TITLES[locale] }, buildId: 'other' });
    }
    return json({ payload: alerts }, { 'cache-control': 'max-age=30' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const maintenanceAlert: MaintenanceAlert = {
  id: 'upgrade',
  level: 'CRITICAL',
  flags: ['MAINTENANCE'],
  displayAfter: '2026-12-06T01:00:00Z',
  displayBefore: '2026-12-06T04:00:00Z',
  displayed: true,
  message: { fr: 'Mise à niveau du paiement', en: 'Payment upgrade' },
  channel: 'network/7/MAINTENANCE',
};

describe('the app at an address', () => {
  it('ROUTE-01 every page exists under a language prefix and renders in that language', async () => {
    beaconAnswers([]);
    await renderApp('/en/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome aboard' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('I18N-04 an Arabic address renders right to left, in Arabic', async () => {
    beaconAnswers([]);
    await renderApp('/ar/');
    expect(await screen.findByRole('navigation', { name: 'التنقّل الرئيسي' })).toBeTruthy();
    // Styles go through the right-to-left emotion cache, which mirrors them.
    expect(screen.getByRole('banner').className).toMatch(/\bmui-rtl-/);
  });

  it('I18N-01 a language the network does not offer redirects to its default language', async () => {
    beaconAnswers([]);
    const { router } = await renderApp('/it/?from=mail');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?from=mail');
    expect(await screen.findByRole('navigation', { name: 'Navigation principale' })).toBeTruthy();
  });

  it('I18N-01 switching language in the app shows the network texts in the new language, right to left', async () => {
    beaconAnswers([]);
    const { router, store } = await renderApp('/en/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome aboard' })).toBeTruthy();
    expect(screen.getByRole('banner').className).not.toMatch(/\bmui-rtl-/);
    await act(() => router.navigate('/ar/'));
    expect(await screen.findByRole('heading', { level: 1, name: HOME_TITLES.ar })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'التنقّل الرئيسي' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('banner').className).toMatch(/\bmui-rtl-/);
    // The page's own build stays the one the build watch compares with.
    expect(store.get().buildId).toBe('build-1');
  });

  it('ROUTE-01 on a French network /fr/ addresses go to the same page without a prefix', async () => {
    beaconAnswers([]);
    const { router } = await renderApp('/fr/?from=mail');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?from=mail');
    expect(await screen.findByRole('navigation', { name: 'Navigation principale' })).toBeTruthy();
  });

  it('on a network whose default language is Arabic unprefixed addresses go under /ar, French under /fr', async () => {
    const network = networkOf({ languages: ['ar', 'fr', 'en'], defaultLanguage: 'ar' });
    beaconAnswers([], network);
    const bootstrap = fixtureBootstrap({ network, locale: 'ar', direction: 'rtl' });
    const { router } = await renderApp('/?from=mail', { bootstrap });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?from=mail');
    expect(await screen.findByRole('navigation', { name: 'التنقّل الرئيسي' })).toBeTruthy();
    // Within the app too: an unprefixed address goes to Arabic, French is at /fr.
    await act(() => router.navigate('/legal-notices'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/legal-notices'), { timeout: 5000 });
    await act(() => router.navigate('/fr/'));
    expect(await screen.findByRole('heading', { level: 1, name: HOME_TITLES.fr })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fr/');
    expect(document.documentElement.lang).toBe('fr');
    expect(screen.getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/fr/account');
  });

  it('I18N-01 a network that does not offer French never shows a French page, even navigating in the app', async () => {
    const network = networkOf({ languages: ['en', 'ar'], defaultLanguage: 'en' });
    beaconAnswers([], network);
    const bootstrap = fixtureBootstrap({ network, locale: 'en' });
    const { router } = await renderApp('/en/', { bootstrap });
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    for (const address of ['/fr/', '/', '/legal-notices', '/fr/legal-notices']) {
      await act(() => router.navigate(address));
      await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/en\//), { timeout: 5000 });
      expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
    }
    expect(router.state.location.pathname).toBe('/en/legal-notices');
  });

  it('ROUTE-02 an unknown address in a language shows the 404 page in that language', async () => {
    beaconAnswers([]);
    await renderApp('/en/no-such-page');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('404');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/');
  });

  it('SHELL-04 while a MAINTENANCE alert is displayed every page shows the maintenance page, and comes back after', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-06T03:59:00Z'), shouldAdvanceTime: true });
    const alertSources = freshAlertSource();
    beaconAnswers([maintenanceAlert], undefined, alertSources);
    const bootstrap = fixtureBootstrap({ alertSources });
    const { router } = await renderApp('/en/', { bootstrap });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maintenance in progress' })).toBeTruthy();
    expect(screen.getByText('Payment upgrade')).toBeTruthy();
    expect(screen.getByText(/Estimated end: Sunday, December 6, 2026 at 5:00/)).toBeTruthy();
    // The address stays the visitor's: the page comes back by itself.
    expect(router.state.location.pathname).toBe('/en/');
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome aboard' })).toBeTruthy();
  });

  it('SHELL-03 a fatal error anywhere shows the error screen with 500 and the generic message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const i18n = await createI18n('en');
    function Broken(): never {
      throw new Error('render failed');
    }
    render(
      <AppProviders
        bootstrap={createBootstrapStore(fixtureBootstrap())}
        i18n={i18n}
        emotionCache={await loadEmotionCache('ltr')}
      >
        <RootErrorBoundary>
          <Broken />
        </RootErrorBoundary>
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('500');
    expect(screen.getByText('Something went wrong. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/');
  });

  it('SHELL-03 a page that fails with a status shows that status and message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const i18n = await createI18n('fr');
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw data('Service fermé pour travaux', { status: 503 });
        },
        element: null,
        HydrateFallback: () => null,
        errorElement: <RouteError standalone />,
      },
    ]);
    render(
      <AppProviders
        bootstrap={createBootstrapStore(fixtureBootstrap())}
        i18n={i18n}
        emotionCache={await loadEmotionCache('ltr')}
      >
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('503');
    expect(screen.getByText('Service fermé pour travaux')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });
});
