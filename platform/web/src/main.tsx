// Entry point: reads the network's bootstrap, loads the language, renders the app.
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { loadBootstrap } from './lib/bootstrap.ts';
import { watchBuild } from './lib/build-watch.ts';
import { listenForChunkErrors } from './lib/chunk-reload.ts';
import { createI18n } from './lib/i18n.ts';
import { loadEmotionCache } from './lib/theme/emotion-cache.ts';

listenForChunkErrors();
const bootstrap = await loadBootstrap();
const [i18n, emotionCache] = await Promise.all([
  createI18n(bootstrap.locale),
  loadEmotionCache(bootstrap.direction),
]);
const router = createAppRouter();

// A new build is out: the next navigation loads the new build instead of mixing chunks.
const build = watchBuild({ currentBuildId: bootstrap.buildId });
router.subscribe((state) => {
  const next = state.navigation.location;
  if (next && build.isStale()) location.assign(`${next.pathname}${next.search}${next.hash}`);
});

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <AppProviders bootstrap={bootstrap} i18n={i18n} emotionCache={emotionCache}>
    <RouterProvider router={router} />
  </AppProviders>,
);
