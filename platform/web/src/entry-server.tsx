// The server's render of a page (decision 0034): the tenant service imports this module from the
// web app's server build and renders the public pages with it, per network, language and path.
// The page is rendered as a visitor sees it, with the catalogue the service computed from the
// tenant files, and emotion's CSS of the components on the page extracted beside the markup.
import createCache, { type EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { CatalogueAnswer } from '@transit-shop/sdk/contract/catalogue';
import type { LegalDocument, LegalDocumentKind } from '@transit-shop/sdk/contract/networks';
import type { Bootstrap } from '@transit-shop/tenancy';
import type { i18n } from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createRoutes, loadPageTable } from './app/router.tsx';
import { setPathsNetwork } from './config/paths.ts';
import { getLegalDocumentQueryOptions } from './features/legal/api/get-legal-document.ts';
import { type BootstrapStore, createBootstrapStore } from './lib/bootstrap-context.tsx';
import { type ServedCart, servedCartQueryKey } from './lib/cart/served-cart.ts';
import { productsQueryKey } from './lib/catalogue/get-products.ts';
import { createI18n } from './lib/i18n.ts';
import { preloadLazyParts } from './lib/lazy-part.tsx';
import { QueryClientContext } from './lib/query-client.tsx';
import {
  createSessionRuntime,
  installSessionRuntime,
  uninstallSessionRuntime,
} from './lib/session/session-runtime.ts';

export type ServerRenderInput = {
  bootstrap: Bootstrap;
  /** The page's address, with the network's origin. */
  url: string;
  /** The catalogue a visitor is shown, in the page's language. */
  catalogue: CatalogueAnswer;
  /** On a legal page, its text (sanitised when the tenant files load). */
  legal?: { kind: LegalDocumentKind; document: LegalDocument } | undefined;
  /** On the cart's page: whether the browser keeps a cart with lines (its `cart` cookie). */
  savedCart?: boolean | undefined;
};

export type ServerRender =
  | {
      kind: 'page';
      /** The markup of the app's root element. */
      html: string;
      /** emotion's style elements of the components on the page, for the head. */
      styles: string;
      /** The query cache the page was rendered with, for the browser's hydration. */
      data: unknown;
      status: number;
    }
  | { kind: 'redirect'; status: number; location: string };

/**
 * The emotion cache of a render, with the browser's key for the direction. `compat` keeps the
 * styles out of the markup (emotion otherwise writes a style element before each component), so
 * they can be extracted and put in the head.
 */
async function emotionCacheOf(direction: Bootstrap['direction']): Promise<EmotionCache> {
  let cache: EmotionCache;
  if (direction === 'ltr') cache = createCache({ key: 'mui' });
  else {
    const [{ prefixer }, { default: rtlPlugin }] = await Promise.all([
      import('stylis'),
      import('stylis-plugin-rtl'),
    ]);
    cache = createCache({ key: 'mui-rtl', stylisPlugins: [prefixer, rtlPlugin] });
  }
  cache.compat = true;
  return cache;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
  return text;
}

/**
 * Renders one page. Renders must not run at the same time: the app keeps the page's network in a
 * module (config/paths.ts), as a browser tab does; the service renders one page after the other.
 */
export async function renderPage(input: ServerRenderInput): Promise<ServerRender> {
  const { bootstrap } = input;
  setPathsNetwork(bootstrap.network);
  const [i18n, cache] = await Promise.all([
    createI18n(bootstrap.locale),
    emotionCacheOf(bootstrap.direction),
  ]);
  const store = createBootstrapStore(bootstrap);
  const queries = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queries.setQueryData(productsQueryKey(bootstrap.network.id, bootstrap.locale), input.catalogue);
  if (input.legal) {
    const { kind, document } = input.legal;
    queries.setQueryData(
      getLegalDocumentQueryOptions(bootstrap.apiBase, kind, bootstrap.network.id, bootstrap.locale).queryKey,
      document,
    );
  }
  if (input.savedCart !== undefined)
    queries.setQueryData<ServedCart>(servedCartQueryKey, { saved: input.savedCart });
  // A visitor's session, the page's for the loaders and the components: nobody is signed in.
  installSessionRuntime(
    createSessionRuntime({ bootstrap, queryClient: queries, getLocale: () => bootstrap.locale }),
  );
  try {
    return await renderWithSession(input, { store, i18n, cache, queries });
  } finally {
    uninstallSessionRuntime();
  }
}

async function renderWithSession(
  input: ServerRenderInput,
  parts: { store: BootstrapStore; i18n: i18n; cache: EmotionCache; queries: QueryClient },
): Promise<ServerRender> {
  const { store, i18n, cache, queries } = parts;
  const handler = createStaticHandler(createRoutes({ bootstrap: store, i18n }, await loadPageTable()));
  const context = await handler.query(new Request(input.url));
  // The page's route module is loaded now: every part of the page is rendered in place, as the
  // browser renders it once it has loaded them.
  await preloadLazyParts();
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <QueryClientContext value={queries}>
      <AppProviders bootstrap={store} i18n={i18n} emotionCache={cache}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </QueryClientContext>,
    // Every boundary inline, in order: React's scripts revealing outlined boundaries would be
    // inline scripts, which the content-security policy refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await readAll(prelude);
  const emotion = createEmotionServer(cache);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { kind: 'page', html, styles, data: dehydrate(queries), status: context.statusCode };
}
