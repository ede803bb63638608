// What a page address on a network's domain answers: the network's index page (rendered once per
// network, locale and appearance, then kept), a redirect to the canonical language path, a file
// of the build, or nothing of the network. Both the Hono route and the Node fast path ask here.

import type { LegalDocumentKind } from '@transit-shop/sdk/contract/networks';
import { splitLocalePath } from '@transit-shop/sdk/locale-paths';
import type { Locale } from '@transit-shop/sdk/locales';
import { type Appearance, catalogueAnswer, type LoadedNetwork } from '@transit-shop/tenancy';
import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { publicPagePaths } from '../crawlers/public-pages.ts';
import { readCookie } from '../http/request-header.ts';
import type { Logger } from '../logger.ts';
import { appearanceOf } from './appearance-cookie.ts';
import { buildBootstrap } from './build-bootstrap.ts';
import { localeRoute } from './locale-route.ts';
import { type CachedPage, encodePage, PageCache } from './page-cache.ts';
import type { RenderedPage } from './page-renderer.ts';
import { renderIndexPage, renderServerPage } from './render-index-page.ts';
import { createServedAlerts, type ServedAlerts } from './served-alerts.ts';
import type { WebDist } from './web-dist.ts';

export type PageAnswer =
  | { kind: 'unknown-host' }
  | { kind: 'not-built' }
  | { kind: 'file'; network: LoadedNetwork; file: string }
  | { kind: 'redirect'; network: LoadedNetwork; location: string }
  | { kind: 'page'; network: LoadedNetwork; page: CachedPage }
  /** A served page (public, or the cart's) not rendered yet: `render` answers it (decision 0034). */
  | {
      kind: 'render';
      network: LoadedNetwork;
      locale: Locale;
      /** The page's path without its language prefix, and as requested. */
      path: string;
      requestPath: string;
      appearance: Appearance;
      /** The alerts when it was asked for: the page is rendered with the one live then. */
      alerts: ServedAlerts;
      /** On the cart's page, whether the browser holds a saved cart; false elsewhere. */
      savedCart: boolean;
    };

export type IndexPagesOptions = {
  store: TenantStore;
  web: WebDist;
  alertSources: string;
  securityHeaders: Readonly<Record<string, string>>;
  logger?: Logger;
  /** The clock that says which alerts are live (tests give a fixed one). */
  now?: () => Date;
};

export type IndexPages = ReturnType<typeof createIndexPages>;

const LEGAL_KINDS: Readonly<Record<string, LegalDocumentKind>> = {
  '/legal-notices': 'legalNotices',
  '/privacy-policy': 'privacyPolicy',
  '/terms-of-use': 'termsOfUse',
};

/** A legal page's text, given to the renderer so the page is whole in its first answer. */
function legalOf(network: LoadedNetwork, locale: Locale, path: string) {
  const kind = LEGAL_KINDS[path];
  const html = kind ? network.network.legal[locale]?.[kind] : undefined;
  if (!kind || html === undefined) return undefined;
  return { kind, document: { networkId: network.network.config.id, locale, html } };
}

/**
 * The cart's own page is served rendered too: its heading and the page around it are the same for
 * every visitor, and the browser fills in the lines it keeps (decision 0034). Not a public page:
 * crawlers have no use for it (crawlers/public-pages.ts).
 */
const CART_PAGE_PATH = '/cart';

/** The pages the server renders: the public pages and the cart's. */
const servedPagePaths = (network: LoadedNetwork) => [...publicPagePaths(network), CART_PAGE_PATH];

const pageKey = (locale: Locale, path: string, appearance: Appearance, alertId: string, savedCart: boolean) =>
  `${locale}\u0000${appearance}\u0000${path}\u0000${alertId}\u0000${savedCart}`;

/**
 * The cookie the web app's cart sets while the browser holds a saved cart with lines: without it,
 * the cart's page is rendered as the empty cart it is (decision 0047).
 */
const SAVED_CART_COOKIE = 'cart';

export function createIndexPages(options: IndexPagesOptions) {
  const { store, web, alertSources, securityHeaders, logger } = options;
  const now = options.now ?? (() => new Date());
  const servedAlerts = createServedAlerts(store);
  const pages = new PageCache();
  // Pages rendered by the server (the public pages and the cart's), per network: the page in each
  // encoding per language, path and appearance, and the render itself per language and path (the
  // same markup in every appearance). Keyed by the loaded network, so a reload starts afresh.
  let rendered = new WeakMap<LoadedNetwork, Map<string, Promise<RenderedPage | undefined>>>();
  let renderedPages = new WeakMap<LoadedNetwork, Map<string, CachedPage>>();
  const servedPaths = new WeakMap<LoadedNetwork, ReadonlySet<string>>();
  const isServedPage = (network: LoadedNetwork, path: string) => {
    let paths = servedPaths.get(network);
    if (!paths) {
      paths = new Set(servedPagePaths(network));
      servedPaths.set(network, paths);
    }
    return paths.has(path);
  };
  const clearRendered = () => {
    rendered = new WeakMap();
    renderedPages = new WeakMap();
  };
  let pagesVersion = web.version;
  // Pages of the previous networks would never be found again; dropping them frees the memory.
  store.on('reloaded', (outcome) => {
    if (outcome.applied) {
      pages.clear();
      clearRendered();
    }
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
      clearRendered();
      pagesVersion = web.version;
    }
    const { rest } = splitLocalePath(path);
    if (isServedPage(network, rest)) {
      const alerts = servedAlerts.at(network, now());
      const savedCart = rest === CART_PAGE_PATH && readCookie(cookies, SAVED_CART_COOKIE) === '1';
      const ready = renderedPages
        .get(network)
        ?.get(pageKey(route.serve, rest, appearance, alerts.liveId, savedCart));
      if (ready) return { kind: 'page', network, page: ready };
      return {
        kind: 'render',
        network,
        locale: route.serve,
        path: rest,
        requestPath: path,
        appearance,
        alerts,
        savedCart,
      };
    }
    return { kind: 'page', network, page: indexPage(network, route.serve, appearance) };
  }

  function indexPage(network: LoadedNetwork, locale: Locale, appearance: Appearance): CachedPage {
    const build = web.current();
    if (!build) throw new Error('no build');
    let page = pages.get(network, locale, appearance);
    if (!page) {
      const bootstrap = bootstrapOf(network, locale, appearance, build.buildId);
      page = encodePage(renderIndexPage(build.template, bootstrap), pageHeaders);
      pages.set(network, locale, appearance, page);
    }
    return page;
  }

  /** The bootstrap of a page; of a page rendered by the server, with the alerts it was rendered with. */
  function bootstrapOf(
    network: LoadedNetwork,
    locale: Locale,
    appearance: Appearance,
    buildId: string,
    served?: ServedAlerts,
  ) {
    return buildBootstrap({
      loaded: network,
      locale,
      appearance,
      alertSources,
      buildId,
      initialAlerts: (served ?? servedAlerts.at(network, now())).alerts,
      servedAlertId: served ? served.liveId || null : null,
    });
  }

  /**
   * Renders a served page with the build's renderer, keeps it, and answers it; the page without
   * content when the build has no renderer or the render fails (the browser then renders it).
   */
  async function render(found: Extract<PageAnswer, { kind: 'render' }>, host: string): Promise<PageAnswer> {
    const { network, locale, path, requestPath, appearance, alerts, savedCart } = found;
    const build = web.current();
    if (!build) return { kind: 'not-built' };
    const version = web.version;
    let byPath = rendered.get(network);
    if (!byPath) {
      byPath = new Map();
      rendered.set(network, byPath);
    }
    const renderKey = `${locale}\u0000${path}\u0000${alerts.liveId}\u0000${savedCart}`;
    let job = byPath.get(renderKey);
    if (!job) {
      job = renderWith(build, network, locale, `http://${host}${requestPath}`, path, alerts, savedCart);
      byPath.set(renderKey, job);
    }
    const result = await job;
    if (!result) return { kind: 'page', network, page: indexPage(network, locale, appearance) };
    if (result.kind === 'redirect') return { kind: 'redirect', network, location: result.location };
    const bootstrap = bootstrapOf(network, locale, appearance, build.buildId, alerts);
    const page = encodePage(renderServerPage(build.template, bootstrap, { ...result, path }), pageHeaders);
    // A page of a build or of networks replaced meanwhile is answered once, never kept.
    if (version === web.version && store.registry.byHost(host) === network) {
      let pagesOfNetwork = renderedPages.get(network);
      if (!pagesOfNetwork) {
        pagesOfNetwork = new Map();
        renderedPages.set(network, pagesOfNetwork);
      }
      pagesOfNetwork.set(pageKey(locale, path, appearance, alerts.liveId, savedCart), page);
    }
    return { kind: 'page', network, page };
  }

  async function renderWith(
    build: NonNullable<ReturnType<WebDist['current']>>,
    network: LoadedNetwork,
    locale: Locale,
    url: string,
    path: string,
    alerts: ServedAlerts,
    savedCart: boolean,
  ): Promise<RenderedPage | undefined> {
    try {
      const renderer = await build.renderer();
      if (!renderer) return undefined;
      const { config } = network.network;
      return await renderer.render({
        bootstrap: bootstrapOf(network, locale, 'SYSTEM', build.buildId, alerts),
        url,
        catalogue: catalogueAnswer({ config, catalogue: network.catalogue }, { locale }),
        legal: legalOf(network, locale, path),
        ...(path === CART_PAGE_PATH ? { savedCart } : {}),
      });
    } catch (error) {
      logger?.error(
        { err: error, network: network.network.slug, locale, path },
        'a page could not be rendered',
      );
      return undefined;
    }
  }

  return { answer, render };
}
