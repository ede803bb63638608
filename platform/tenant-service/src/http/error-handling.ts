// How failures are answered: a ko envelope for JSON routes, a plain unbranded page for the others.
import { DEFAULT_ERROR_CODE, DEFAULT_ERROR_MESSAGE, ko } from '@transit-shop/sdk/contract/envelope';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../app-env.ts';
import type { Logger } from '../logger.ts';
import { NOT_FOUND_PAGE, pageForStatus, SHOP_NOT_FOUND_PAGE } from './plain-pages.ts';
import { ServiceError } from './service-error.ts';

/** Routes whose callers read JSON: the legacy API, the beacon and the JSON files. */
export const answersJson = (path: string) =>
  path === '/api' || path.startsWith('/api/') || path === '/alerts' || path.endsWith('.json');

export function answerError(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  code: string,
  message: string,
): Response {
  c.header('Cache-Control', 'no-store');
  if (answersJson(c.req.path)) return c.json(ko(code, message), status);
  return c.html(code === 'NETWORK_NOT_FOUND' ? SHOP_NOT_FOUND_PAGE : pageForStatus(status), status);
}

export function createErrorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof ServiceError) return answerError(c, error.status, error.code, error.message);
    if (error instanceof HTTPException && error.status < 500) {
      return answerError(c, error.status, 'INVALID_REQUEST', error.message || 'Invalid request');
    }
    // Unexpected: the log keeps the stack with the request id; the answer says nothing about it.
    logger.error({ err: error, requestId: c.get('requestId'), path: c.req.path }, 'request failed');
    return answerError(c, 500, DEFAULT_ERROR_CODE, DEFAULT_ERROR_MESSAGE);
  };
}

export const notFound: NotFoundHandler<AppEnv> = (c) => {
  c.header('Cache-Control', 'no-store');
  if (answersJson(c.req.path)) return c.json(ko('NOT_FOUND', 'Nothing is served at this address'), 404);
  return c.html(NOT_FOUND_PAGE, 404);
};
