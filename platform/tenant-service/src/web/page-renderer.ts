// The web app's server renderer (decision 0034): `dist/.server/entry-server.js`, written by the web
// build beside the client, imported once per build and called one page at a time (the app keeps
// the page's network in a module, as a browser tab does). A build without it (a development build,
// an older one) is served as before: the page without content, rendered by the browser.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CatalogueAnswer } from '@transit-shop/sdk/contract/catalogue';
import type { LegalDocument, LegalDocumentKind } from '@transit-shop/sdk/contract/networks';
import type { Bootstrap } from '@transit-shop/tenancy';

export type RenderedPage =
  | {
      kind: 'page';
      /** The markup of the app's root element. */
      html: string;
      /** emotion's style elements of the page, for the head. */
      styles: string;
      /** The query cache the page was rendered with (TanStack Query's dehydrated state). */
      data: unknown;
      status: number;
    }
  | { kind: 'redirect'; status: number; location: string };

export type PageRenderer = {
  render(input: {
    bootstrap: Bootstrap;
    url: string;
    catalogue: CatalogueAnswer;
    legal?: { kind: LegalDocumentKind; document: LegalDocument } | undefined;
    /** On the cart's page: whether the browser holds a saved cart (its `cart` cookie). */
    savedCart?: boolean | undefined;
  }): Promise<RenderedPage>;
};

type RendererModule = { renderPage: PageRenderer['render'] };

export const RENDERER_FILE = join('.server', 'entry-server.js');

/** The build's renderer, or undefined when the build has none. */
export async function loadPageRenderer(distDir: string, buildId: string): Promise<PageRenderer | undefined> {
  const file = join(distDir, RENDERER_FILE);
  if (!existsSync(file)) return undefined;
  // The build id in the address: a new build is a new module, not the cached one.
  const module = (await import(
    `${pathToFileURL(file).href}?build=${encodeURIComponent(buildId)}`
  )) as RendererModule;
  if (typeof module.renderPage !== 'function') return undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    render(input) {
      const rendered = queue.then(() => module.renderPage(input));
      queue = rendered.catch(() => undefined);
      return rendered;
    },
  };
}
