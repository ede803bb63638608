// First middleware of every request: request id, security headers on every answer, one log line.
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Logger } from '../logger.ts';
import { requestHeader } from './request-header.ts';

/** An incoming X-Request-Id is kept only when it cannot pollute logs or headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:@/+=-]{0,127}$/;

// Answers built with every header already in place (the cached index pages): nothing to add.
const completeAnswers = new WeakSet<Response>();

/** Marks an answer whose headers already include the security headers and the request id. */
export function completeAnswer(response: Response): Response {
  completeAnswers.add(response);
  return response;
}

export function requestContext(options: {
  logger: Logger;
  securityHeaders: Readonly<Record<string, string>>;
}): MiddlewareHandler<AppEnv> {
  const { logger, securityHeaders } = options;
  const headerNames = Object.keys(securityHeaders);
  return async (c, next) => {
    const started = performance.now();
    const incomingId = requestHeader(c, 'x-request-id');
    const requestId =
      incomingId !== undefined && SANE_REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    c.set('requestId', requestId);
    await next();
    const response = c.res;
    if (!completeAnswers.has(response)) {
      const headers = response.headers;
      for (const name of headerNames) headers.set(name, securityHeaders[name] as string);
      headers.set('x-request-id', requestId);
    }
    // The level check first: with requests not logged, no log object is built at all.
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          method: c.req.method,
          path: c.req.path,
          status: response.status,
          durationMs: Math.round((performance.now() - started) * 100) / 100,
          requestId,
          network: c.get('network')?.network.slug,
        },
        'request',
      );
    }
  };
}
