// The payment sandbox as one Hono app: the server-to-server API under /v1 and the hosted page under /pay.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { chargeRoutes } from './api/charge-routes.ts';
import { checkoutRoutes } from './api/checkout-routes.ts';
import { methodRoutes } from './api/method-routes.ts';
import { paymentRoutes } from './api/payment-routes.ts';
import type { Clock } from './clock.ts';
import type { SandboxConfig } from './config.ts';
import { requireApiKey } from './http/api-auth.ts';
import { ApiError } from './http/api-error.ts';
import { createErrorHandler, notFound } from './http/error-handling.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { type Logger, silentLogger } from './logger.ts';
import type { Notifier } from './notifications/notifier.ts';
import { pageRoutes } from './pages/page-routes.ts';
import { STYLESHEET, STYLESHEET_PATH } from './pages/stylesheet.ts';
import type { SandboxDeps } from './payments/sandbox-deps.ts';
import type { SandboxStore } from './store/sandbox-store.ts';

/** Request bodies are a few hundred bytes; anything far larger is refused before it is read. */
const MAX_BODY_BYTES = 64 * 1024;

export type SandboxAppOptions = {
  clock: Clock;
  store: SandboxStore;
  notifier: Notifier;
  config: SandboxConfig;
  logger?: Logger;
};

export function createSandboxApp(options: SandboxAppOptions) {
  const deps: SandboxDeps = { ...options, logger: options.logger ?? silentLogger() };
  const app = new Hono();
  app.use(requestLog(deps.logger));
  app.use(securityHeaders());
  app.onError(createErrorHandler(deps.logger));
  app.notFound(notFound);
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, 'body_too_large', `The body is larger than ${MAX_BODY_BYTES} bytes`);
      },
    }),
  );

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get(STYLESHEET_PATH, (c) =>
    c.body(STYLESHEET, 200, {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    }),
  );

  app.use('/v1/*', requireApiKey(deps.config.apiKey));
  app.route('/v1/checkouts', checkoutRoutes(deps));
  app.route('/v1/charges', chargeRoutes(deps));
  app.route('/v1/payments', paymentRoutes(deps));
  app.route('/v1/methods', methodRoutes(deps));
  app.route('/pay', pageRoutes(deps));
  return app;
}
