// The tenant service as one Hono app: each resource is its own Hono app mounted here.

import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { Hono } from 'hono';
import { alertRoutes } from './alerts/alert-routes.ts';
import { forwardRoutes } from './api/forward-routes.ts';
import { jwksRoutes } from './api/jwks-routes.ts';
import { networksRoutes } from './api/networks-routes.ts';
import { termsRoutes } from './api/terms-routes.ts';
import type { AppEnv } from './app-env.ts';
import { createCrawlerFiles } from './crawlers/crawler-files.ts';
import { crawlerRoutes } from './crawlers/crawler-routes.ts';
import type { Env } from './env.ts';
import { healthRoutes } from './health-routes.ts';
import { createErrorHandler, notFound } from './http/error-handling.ts';
import { requestContext } from './http/request-context.ts';
import { securityHeaders } from './http/security-headers.ts';
import { SERVICE_PATHS } from './http/service-paths.ts';
import { answerUnreadBodies } from './http/unread-body.ts';
import type { Logger } from './logger.ts';
import { createIndexPages } from './web/index-pages.ts';
import { WebDist } from './web/web-dist.ts';
import { webRoutes } from './web/web-routes.ts';

export type AppOptions = {
  store: TenantStore;
  env: Env;
  logger: Logger;
  /** The built web app; by default WEB_DIST_DIR, looked at once a second for a new build. */
  web?: WebDist;
  /** The clock that says which maintenance alerts a served page shows (tests give a fixed one). */
  now?: () => Date;
};

/** The Hono app, and the index pages it shares with the Node fast path (main.ts). */
export function createService(options: AppOptions) {
  const { store, env, logger } = options;
  const web = options.web ?? new WebDist({ dir: env.WEB_DIST_DIR, logger });
  const headers = securityHeaders({ alertSources: env.ALERT_SOURCES });
  const pages = createIndexPages({
    store,
    web,
    alertSources: env.ALERT_SOURCES,
    securityHeaders: headers,
    logger,
    ...(options.now ? { now: options.now } : {}),
  });

  const app = new Hono<AppEnv>();
  app.use(requestContext({ logger, securityHeaders: headers }));
  app.use(answerUnreadBodies());
  app.onError(createErrorHandler(logger));
  app.notFound(notFound);

  app.route(SERVICE_PATHS.health, healthRoutes({ store }));
  app.route(SERVICE_PATHS.alerts, alertRoutes({ store, maxAgeSeconds: env.ALERT_MAX_AGE_SECONDS }));
  app.route(`${SERVICE_PATHS.api}/Networks`, networksRoutes({ store }));
  app.route(`${SERVICE_PATHS.api}/Terms`, termsRoutes({ store }));
  const ticketApi = { store, ticketApiUrl: env.TICKET_API_URL, trustedProxies: env.TRUSTED_PROXIES };
  app.route(SERVICE_PATHS.api, forwardRoutes(ticketApi));
  app.route('/', jwksRoutes(ticketApi));
  app.route('/', crawlerRoutes({ files: createCrawlerFiles({ store, securityHeaders: headers }) }));
  app.route('/', webRoutes({ store, web, pages, alertSources: env.ALERT_SOURCES }));
  return { app, pages };
}

export function createApp(options: AppOptions) {
  return createService(options).app;
}
