// Every provider the app needs: bootstrap, i18n, theme (per direction), query client.
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { directionOf, type Locale } from '@transit-shop/sdk/locales';
import type { i18n } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BootstrapProvider, type BootstrapStore } from '../lib/bootstrap-context.tsx';
import { cookieStorageManager } from '../lib/theme/cookie-storage-manager.ts';
import { createAppTheme } from '../lib/theme/create-app-theme.ts';
import { loadEmotionCache, loadedEmotionCache } from '../lib/theme/emotion-cache.ts';

/**
 * The direction of the current language, with its emotion cache. changeLocale loads the cache
 * before switching, so the new direction renders in the same pass as the new language.
 */
function useDirection(instance: i18n, initialCache: EmotionCache) {
  const [state, setState] = useState({
    direction: directionOf(instance.language as Locale),
    cache: initialCache,
  });
  useEffect(() => {
    const update = (language: string) => {
      const direction = directionOf(language as Locale);
      const cache = loadedEmotionCache(direction);
      if (cache) setState({ direction, cache });
      else void loadEmotionCache(direction).then((loaded) => setState({ direction, cache: loaded }));
    };
    instance.on('languageChanged', update);
    return () => instance.off('languageChanged', update);
  }, [instance]);
  return state;
}

export function AppProviders({
  bootstrap,
  i18n: instance,
  emotionCache,
  children,
}: {
  bootstrap: BootstrapStore;
  i18n: i18n;
  emotionCache: EmotionCache;
  children: ReactNode;
}) {
  const { direction, cache } = useDirection(instance, emotionCache);
  // The tokens are the network's, the same in every language.
  const tokens = bootstrap.get().theme;
  const theme = useMemo(() => createAppTheme(tokens, direction), [tokens, direction]);
  return (
    <BootstrapProvider store={bootstrap}>
      <I18nextProvider i18n={instance}>
        <CacheProvider value={cache}>
          <ThemeProvider
            theme={theme}
            storageManager={cookieStorageManager}
            defaultMode="system"
            disableTransitionOnChange
          >
            <CssBaseline enableColorScheme />
            {children}
          </ThemeProvider>
        </CacheProvider>
      </I18nextProvider>
    </BootstrapProvider>
  );
}
