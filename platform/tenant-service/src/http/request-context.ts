// First middleware of every request: request id, security headers on every answer, one log line.
import { randomUUID } from 'node:crypto';
import { applySecurityHeaders } from '@transit-shop/service-kit/security-headers';
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

/** The request id of an answer: the caller's own when it is safe to echo, else a new one. */
export function requestIdOf(incomingId: string | undefined): string {
  return incomingId !== undefined && SANE_REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
}

export type RequestLogFields = {
  method: string;
  path: string;
  status: number;
  started: number;
  requestId: string;
  network: string | undefined;
};

/** The one log line of a request (callers check the level first, so nothing is built when off). */
export function logRequest(logger: Logger, fields: RequestLogFields): void {
  const { started, ...rest } = fields;
  logger.info({ ...rest, durationMs: Math.round((performance.now() - started) * 100) / 100 }, 'request');
}

export function requestContext(options: {
  logger: Logger;
  securityHeaders: Readonly<Record<string, string>>;
}): MiddlewareHandler<AppEnv> {
  const { logger, securityHeaders } = options;
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(requestHeader(c, 'x-request-id'));
    c.set('requestId', requestId);
    await next();
    const response = c.res;
    if (!completeAnswers.has(response)) {
      const headers = response.headers;
      // A download the ticket API sandboxes keeps its own, stricter policy (decision 0040).
      applySecurityHeaders(headers, securityHeaders);
      headers.set('x-request-id', requestId);
    }
    // The level check first: with requests not logged, no log object is built at all.
    if (logger.isLevelEnabled('info')) {
      logRequest(logger, {
        method: c.req.method,
        path: c.req.path,
        status: response.status,
        started,
        requestId,
        network: c.get('network')?.network.slug,
      });
    }
  };
}
