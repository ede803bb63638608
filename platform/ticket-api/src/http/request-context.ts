// First middleware of every request: request id, the service's dependencies, security headers on
// every answer, one log line.
import { randomUUID } from 'node:crypto';
import { applySecurityHeaders } from '@transit-shop/service-kit/security-headers';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../services/app-deps.ts';
import type { AppEnv } from './app-env.ts';
import { API_CACHE_CONTROL, API_SECURITY_HEADERS } from './security-headers.ts';

/** An incoming X-Request-Id (set by the tenant service) is kept only when it cannot pollute logs or headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:@/+=-]{0,127}$/;

export function requestIdOf(incomingId: string | undefined): string {
  return incomingId !== undefined && SANE_REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
}

export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const { logger } = deps;
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    c.set('deps', deps);
    c.set('networkSlug', undefined);
    await next();
    const headers = c.res.headers;
    applySecurityHeaders(headers, API_SECURITY_HEADERS);
    if (!headers.has('cache-control')) headers.set('cache-control', API_CACHE_CONTROL);
    headers.set('x-request-id', requestId);
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          requestId,
          network: c.get('networkSlug'),
          durationMs: Math.round((performance.now() - started) * 100) / 100,
        },
        'request',
      );
    }
  };
}
