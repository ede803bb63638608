// Hydrates the whole reference page at once, adopting the server's critical CSS.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { hydrateRoot } from 'react-dom/client';
import { Page } from './page.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('no #root element');
hydrateRoot(
  container,
  <CacheProvider value={createCache({ key: 'css' })}>
    <Page />
  </CacheProvider>,
);
