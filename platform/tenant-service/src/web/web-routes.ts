// The web app: static build files, the network's logo and bootstrap, and index.html filled per network.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { localeSchema } from '@transit-shop/sdk/locale.schema';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { type Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { z } from 'zod';
import { alertsOfNetwork } from '../alerts/alert-index.ts';
import type { AppEnv } from '../app-env.ts';
import { SHOP_NOT_FOUND_PAGE, WEB_APP_NOT_BUILT_PAGE } from '../http/plain-pages.ts';
import { completeAnswer } from '../http/request-context.ts';
import { readCookie, requestHeader } from '../http/request-header.ts';
import { networkOfCall, networkOfHost } from '../http/resolve-network.ts';
import { networkNotFound, ServiceError } from '../http/service-error.ts';
import { signatureParam, strictQuery } from '../http/strict-query.ts';
import { offeredLocale } from '../tenants/network-locale.ts';
import type { TenantStore } from '../tenants/tenant-store.ts';
import { appearanceOf } from './appearance-cookie.ts';
import { buildBootstrap } from './build-bootstrap.ts';
import { localeRoute } from './locale-route.ts';
import { PageCache } from './page-cache.ts';
import { renderIndexPage } from './render-index-page.ts';
import type { WebDist } from './web-dist.ts';

const LOGO_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export type WebRoutesOptions = {
  store: TenantStore;
  web: WebDist;
  alertSources: string;
  securityHeaders: Readonly<Record<string, string>>;
};

export function webRoutes(options: WebRoutesOptions) {
  const { store, web, alertSources, securityHeaders } = options;
  const pages = new PageCache();
  let pagesVersion = web.version;
  // Pages of the previous networks would never be found again; dropping them frees the memory.
  store.on('reloaded', (outcome) => {
    if (outcome.applied) pages.clear();
  });
  const logos = new WeakMap<LoadedNetwork, Promise<Buffer>>();

  const shopNotFound = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-store');
    return c.html(SHOP_NOT_FOUND_PAGE, 404);
  };

  const app = new Hono<AppEnv>();

  app.get('/build-manifest.json', (c) => {
    const build = web.current();
    if (!build) throw new ServiceError('SERVICE_UNAVAILABLE', 'The web app is not built');
    return c.body(build.manifestJson, 200, {
      'content-type': 'application/json',
      'cache-control': 'no-cache',
    });
  });

  app.get(
    '/assets/*',
    async (c, next) => {
      await next();
      // Asset names carry a content hash: a given URL never changes.
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root: web.dir }),
    // A missing chunk must be a real 404 (the app reloads on chunk-load failures), never index.html.
    (c) => c.notFound(),
  );

  app.get(
    '/tenant/logo',
    strictQuery(z.object({ networkId: z.string().min(1).optional() }).strict()),
    async (c) => {
      const loaded = networkOfCall(c, store.registry, c.req.valid('query').networkId);
      let logo = logos.get(loaded);
      if (!logo) {
        logo = readFile(loaded.logoPath);
        logos.set(loaded, logo);
        logo.catch(() => logos.delete(loaded));
      }
      const type = LOGO_TYPES[extname(loaded.logoPath).toLowerCase()] ?? 'application/octet-stream';
      return c.body(new Uint8Array(await logo), 200, {
        'content-type': type,
        'cache-control': 'public, max-age=300',
      });
    },
  );

  app.get(
    '/bootstrap.json',
    strictQuery(z.object({ locale: localeSchema.optional(), signature: signatureParam }).strict()),
    (c) => {
      const loaded = networkOfHost(c, store.registry);
      if (!loaded) throw networkNotFound();
      const locale = offeredLocale(loaded.network, c.req.valid('query').locale);
      const bootstrap = buildBootstrap({
        loaded,
        locale,
        appearance: appearanceOf(readCookie(requestHeader(c, 'cookie'), 'theme')),
        alertSources,
        buildId: web.current()?.buildId ?? 'dev',
        initialAlerts: alertsOfNetwork(store.registry, loaded.network.config.id),
      });
      return c.json(bootstrap, 200, { 'cache-control': 'no-cache' });
    },
  );

  app.get('*', async (c) => {
    const registry = store.registry;
    const loaded = networkOfHost(c, registry);
    if (!loaded) return shopNotFound(c);
    const build = web.current();
    if (!build) {
      c.header('Cache-Control', 'no-store');
      return c.html(WEB_APP_NOT_BUILT_PAGE, 503);
    }
    const path = c.req.path;
    const file = build.files.get(path);
    if (file) {
      return c.body(new Uint8Array(await readFile(file)), 200, {
        'content-type': getMimeType(file) ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
    }

    const cookies = requestHeader(c, 'cookie');
    const { config } = loaded.network;
    const route = localeRoute(path, config, path === '/' ? readCookie(cookies, 'locale') : undefined);
    if ('redirect' in route) {
      const query = c.req.url.indexOf('?');
      c.header('Cache-Control', 'no-cache');
      return c.redirect(query === -1 ? route.redirect : route.redirect + c.req.url.slice(query), 302);
    }
    const appearance = appearanceOf(readCookie(cookies, 'theme'));
    if (pagesVersion !== web.version) {
      pages.clear();
      pagesVersion = web.version;
    }
    let page = pages.get(loaded, route.serve, appearance);
    if (!page) {
      const bootstrap = buildBootstrap({
        loaded,
        locale: route.serve,
        appearance,
        alertSources,
        buildId: build.buildId,
        initialAlerts: alertsOfNetwork(registry, config.id),
      });
      page = {
        body: Buffer.from(renderIndexPage(build.template, bootstrap)),
        headers: {
          ...securityHeaders,
          'content-type': 'text/html; charset=UTF-8',
          'cache-control': 'no-cache',
        },
      };
      pages.set(loaded, route.serve, appearance, page);
    }
    return completeAnswer(
      new Response(page.body, {
        status: 200,
        headers: { ...page.headers, 'x-request-id': c.get('requestId') },
      }),
    );
  });

  return app;
}
