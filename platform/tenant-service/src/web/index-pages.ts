// What a page address on a network's domain answers: the network's index page (rendered once per
// network, locale and appearance, then kept), a redirect to the canonical language path, a file
// of the build, or nothing of the network. Both the Hono route and the Node fast path ask here.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { alertsOfNetwork } from '../alerts/alert-index.ts';
import { readCookie } from '../http/request-header.ts';
import { appearanceOf } from './appearance-cookie.ts';
import { buildBootstrap } from './build-bootstrap.ts';
import { localeRoute } from './locale-route.ts';
import { type CachedPage, encodePage, PageCache } from './page-cache.ts';
import { renderIndexPage } from './render-index-page.ts';
import type { WebDist } from './web-dist.ts';

export type PageAnswer =
  | { kind: 'unknown-host' }
  | { kind: 'not-built' }
  | { kind: 'file'; network: LoadedNetwork; file: string }
  | { kind: 'redirect'; network: LoadedNetwork; location: string }
  | { kind: 'page'; network: LoadedNetwork; page: CachedPage };

export type IndexPagesOptions = {
  store: TenantStore;
  web: WebDist;
  alertSources: string;
  securityHeaders: Readonly<Record<string, string>>;
};

export type IndexPages = ReturnType<typeof createIndexPages>;

export function createIndexPages(options: IndexPagesOptions) {
  const { store, web, alertSources, securityHeaders } = options;
  const pages = new PageCache();
  let pagesVersion = web.version;
  // Pages of the previous networks would never be found again; dropping them frees the memory.
  store.on('reloaded', (outcome) => {
    if (outcome.applied) pages.clear();
  });
  const pageHeaders = Object.freeze({
    ...securityHeaders,
    'content-type': 'text/html; charset=UTF-8',
    'cache-control': 'no-cache',
  });

  /**
   * `host` and `cookies` are the raw request headers; `path` the request path without its query
   * (a redirect's location is returned without one: the caller keeps the request's).
   */
  function answer(host: string | undefined, path: string, cookies: string | undefined): PageAnswer {
    const registry = store.registry;
    const network = host ? registry.byHost(host) : undefined;
    if (!network) return { kind: 'unknown-host' };
    const build = web.current();
    if (!build) return { kind: 'not-built' };
    const file = build.files.get(path);
    if (file) return { kind: 'file', network, file };

    const { config } = network.network;
    const route = localeRoute(path, config, path === '/' ? readCookie(cookies, 'locale') : undefined);
    if ('redirect' in route) return { kind: 'redirect', network, location: route.redirect };
    const appearance = appearanceOf(readCookie(cookies, 'theme'));
    if (pagesVersion !== web.version) {
      pages.clear();
      pagesVersion = web.version;
    }
    let page = pages.get(network, route.serve, appearance);
    if (!page) {
      const bootstrap = buildBootstrap({
        loaded: network,
        locale: route.serve,
        appearance,
        alertSources,
        buildId: build.buildId,
        initialAlerts: alertsOfNetwork(registry, config.id),
      });
      page = encodePage(renderIndexPage(build.template, bootstrap), pageHeaders);
      pages.set(network, route.serve, appearance, page);
    }
    return { kind: 'page', network, page };
  }

  return { answer };
}
