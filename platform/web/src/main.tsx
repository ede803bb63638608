// Entry point: reads the network's bootstrap, loads the language, renders the app once its first
// route is ready (the server's prepaint header stays until then, so nothing flashes).

import { splitLocalePath } from '@transit-shop/sdk/locale-paths';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { RootErrorBoundary } from './app/root-error-boundary.tsx';
import { createAppRouter, loadPageTable, preloadPage } from './app/router.tsx';
import { setPathsNetwork } from './config/paths.ts';
import { checkBootstrapLater, loadBootstrap } from './lib/bootstrap.ts';
import { createBootstrapStore } from './lib/bootstrap-context.tsx';
import type { BuildWatch } from './lib/build-watch.ts';
import { listenForChunkErrors } from './lib/chunk-reload.ts';
import { createI18n } from './lib/i18n.ts';
import { preloadLazyParts } from './lib/lazy-part.tsx';
import { loadEmotionCache } from './lib/theme/emotion-cache.ts';

/**
 * Whether the document holds the server's render of this very page (decision 0034). A page kept
 * for another address (offline, the service worker answers the last page it kept) is not taken
 * over: the browser renders this one in its place.
 */
function holdsServerRenderOfThisPage(container: HTMLElement): boolean {
  const data = document.getElementById('server-data');
  if (!data) return false;
  if (data.dataset.page === splitLocalePath(location.pathname).rest) return true;
  data.remove();
  container.replaceChildren();
  return false;
}

async function start(container: HTMLElement) {
  void preloadPage(location.pathname);
  const { bootstrap, checked } = await loadBootstrap();
  setPathsNetwork(bootstrap.network);
  const [i18n, emotionCache] = await Promise.all([
    createI18n(bootstrap.locale),
    loadEmotionCache(bootstrap.direction),
  ]);
  // A new build is out: the next navigation loads the new build instead of mixing chunks. The
  // watch starts after the first paint (its first check comes minutes later).
  let build: BuildWatch | undefined;
  const store = createBootstrapStore(bootstrap);
  const router = createAppRouter({
    bootstrap: store,
    i18n,
    build: { isStale: () => build?.isStale() ?? false },
  });
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

  const app = (
    <AppProviders bootstrap={store} i18n={i18n} emotionCache={emotionCache}>
      <RootErrorBoundary>
        <RouterProvider router={router} />
      </RootErrorBoundary>
    </AppProviders>
  );
  // A page the server rendered carries its data in the head (decision 0034).
  if (holdsServerRenderOfThisPage(container)) {
    const [{ seedServerData }] = await Promise.all([
      import('./lib/server-data.ts'),
      preloadLazyParts(),
      // The session the page's parts read: ready, they are taken over with the rest of the page
      // instead of waiting in a boundary of their own that any update would have redrawn.
      import('./lib/session/session-runtime.ts').then(({ getSessionRuntime }) => getSessionRuntime()),
    ]);
    seedServerData();
    // As a transition, hydration yields to the browser between components instead of holding
    // the main thread until the whole page is done. A page the browser renders differently from
    // the server's is redone by React; it says so here, where the console shows it.
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error) => console.error('The page did not match its server render:', error),
      });
    });
  } else createRoot(container).render(app);
  if (!checked) void checkBootstrapLater(bootstrap);
  // The other pages' routes, ready before the first navigation needs them (decision 0034).
  void loadPageTable();
  // Decision 0031: loaded after the first paint, like the build watch.
  void import('./lib/service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());
  void import('./lib/build-watch.ts').then(({ watchBuild }) => {
    build = watchBuild({ currentBuildId: bootstrap.buildId });
  });
}

listenForChunkErrors();
const container = document.getElementById('root');
if (!container) throw new Error('no #root element');
start(container).catch(async (error: unknown) => {
  const { renderFatalError } = await import('./app/fatal-error.tsx');
  renderFatalError(container, error);
});
