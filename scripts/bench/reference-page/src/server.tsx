// Renders the reference page with emotion's critical CSS, as a server-rendered MUI page does.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { Page } from './page.tsx';

export function render(): { page: string; styles: string } {
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const page = renderToString(
    <CacheProvider value={cache}>
      <Page />
    </CacheProvider>,
  );
  return { page, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(page)) };
}
