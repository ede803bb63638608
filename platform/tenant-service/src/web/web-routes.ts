// The web app: static build files, the network's logo and bootstrap, and index.html filled per network.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { localeSchema } from '@transit-shop/sdk/locale.schema';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { type Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { z } from 'zod';
import { alertsOfNetwork } from '../alerts/alert-index.ts';
import type { AppEnv } from '../app-env.ts';
import { preferredEncoding } from '../http/content-encoding.ts';
import { SHOP_NOT_FOUND_PAGE, WEB_APP_NOT_BUILT_PAGE } from '../http/plain-pages.ts';
import { completeAnswer } from '../http/request-context.ts';
import { readCookie, requestHeader } from '../http/request-header.ts';
import { networkOfCall, networkOfHost } from '../http/resolve-network.ts';
import { networkNotFound, ServiceError } from '../http/service-error.ts';
import { SERVICE_PATHS } from '../http/service-paths.ts';
import { signatureParam, strictQuery } from '../http/strict-query.ts';
import { offeredLocale } from '../tenants/network-locale.ts';
import { appearanceOf } from './appearance-cookie.ts';
import { buildBootstrap } from './build-bootstrap.ts';
import type { IndexPages } from './index-pages.ts';
import type { WebDist } from './web-dist.ts';

const LOGO_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export type WebRoutesOptions = {
  store: TenantStore;
  web: WebDist;
  pages: IndexPages;
  alertSources: string;
};

export function webRoutes(options: WebRoutesOptions) {
  const { store, web, pages, alertSources } = options;
  const logos = new WeakMap<LoadedNetwork, Promise<Buffer>>();

  const shopNotFound = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-store');
    return c.html(SHOP_NOT_FOUND_PAGE, 404);
  };

  const app = new Hono<AppEnv>();

  app.get(SERVICE_PATHS.buildManifest, (c) => {
    const build = web.current();
    if (!build) throw new ServiceError('SERVICE_UNAVAILABLE', 'The web app is not built');
    return c.body(build.manifestJson, 200, {
      'content-type': 'application/json',
      'cache-control': 'no-cache',
    });
  });

  app.get(
    `${SERVICE_PATHS.assets}/*`,
    async (c, next) => {
      await next();
      // Asset names carry a content hash: a given URL never changes.
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    },
    // Brotli and gzip files written beside each asset by the build are served to clients taking them.
    serveStatic({ root: web.dir, precompressed: true }),
    // A missing chunk must be a real 404 (the app reloads on chunk-load failures), never index.html.
    (c) => c.notFound(),
  );

  app.get(
    `${SERVICE_PATHS.tenant}/logo`,
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
    SERVICE_PATHS.bootstrap,
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
    const path = c.req.path;
    const host = requestHeader(c, 'host');
    let found = pages.answer(host, path, requestHeader(c, 'cookie'));
    // A public page not rendered yet is rendered now, once; later requests find it ready.
    if (found.kind === 'render') found = await pages.render(found, host ?? '');
    switch (found.kind) {
      case 'unknown-host':
        return shopNotFound(c);
      case 'not-built':
        c.header('Cache-Control', 'no-store');
        return c.html(WEB_APP_NOT_BUILT_PAGE, 503);
      case 'file':
        c.set('network', found.network);
        return c.body(new Uint8Array(await readFile(found.file)), 200, {
          'content-type': getMimeType(found.file) ?? 'application/octet-stream',
          'cache-control': 'no-cache',
        });
      case 'redirect': {
        c.set('network', found.network);
        const query = c.req.url.indexOf('?');
        c.header('Cache-Control', 'no-cache');
        return c.redirect(query === -1 ? found.location : found.location + c.req.url.slice(query), 302);
      }
      case 'render':
        throw new Error('a page rendered is a page');
      case 'page': {
        c.set('network', found.network);
        const variant = found.page[preferredEncoding(requestHeader(c, 'accept-encoding'))];
        return completeAnswer(
          new Response(variant.body, {
            status: 200,
            headers: { ...variant.headers, 'x-request-id': c.get('requestId') },
          }),
        );
      }
    }
  });

  return app;
}
