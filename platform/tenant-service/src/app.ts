// The tenant service as one Hono app: each resource is its own Hono app mounted here.
import { Hono } from 'hono';
import { alertRoutes } from './alerts/alert-routes.ts';
import { forwardRoutes } from './api/forward-routes.ts';
import { networksRoutes } from './api/networks-routes.ts';
import { termsRoutes } from './api/terms-routes.ts';
import type { AppEnv } from './app-env.ts';
import type { Env } from './env.ts';
import { healthRoutes } from './health-routes.ts';
import { createErrorHandler, notFound } from './http/error-handling.ts';
import { requestContext } from './http/request-context.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { Logger } from './logger.ts';
import type { TenantStore } from './tenants/tenant-store.ts';
import { WebDist } from './web/web-dist.ts';
import { webRoutes } from './web/web-routes.ts';

export type AppOptions = {
  store: TenantStore;
  env: Env;
  logger: Logger;
  /** The built web app; by default WEB_DIST_DIR, looked at once a second for a new build. */
  web?: WebDist;
};

export function createApp(options: AppOptions) {
  const { store, env, logger } = options;
  const web = options.web ?? new WebDist({ dir: env.WEB_DIST_DIR, logger });
  const headers = securityHeaders({ alertSources: env.ALERT_SOURCES });

  const app = new Hono<AppEnv>();
  app.use(requestContext({ logger, securityHeaders: headers }));
  app.onError(createErrorHandler(logger));
  app.notFound(notFound);

  app.route('/healthz', healthRoutes({ store }));
  app.route('/alerts', alertRoutes({ store, maxAgeSeconds: env.ALERT_MAX_AGE_SECONDS }));
  app.route('/api/Networks', networksRoutes({ store }));
  app.route('/api/Terms', termsRoutes({ store }));
  app.route('/api', forwardRoutes({ store, ticketApiUrl: env.TICKET_API_URL }));
  app.route('/', webRoutes({ store, web, alertSources: env.ALERT_SOURCES, securityHeaders: headers }));
  return app;
}
