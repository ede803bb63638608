// How failures are answered: the API's JSON error for /v1 calls, a plain page for the others.
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from '../logger.ts';
import { ApiError } from './api-error.ts';

const isApiPath = (path: string) => path.startsWith('/v1/') || path === '/v1';

export function createErrorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof ApiError) return c.json(error.toAnswer(), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      const answer = new ApiError(error.status, 'invalid_request', error.message || 'Invalid request');
      return isApiPath(c.req.path)
        ? c.json(answer.toAnswer(), error.status)
        : c.text(answer.message, error.status);
    }
    // The sandbox's own fault: the stack goes to the log, never into the answer.
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'request failed');
    const answer = new ApiError(500, 'internal_error', 'The sandbox failed; see its log');
    return isApiPath(c.req.path) ? c.json(answer.toAnswer(), 500) : c.text(answer.message, 500);
  };
}

export const notFound: NotFoundHandler = (c) => {
  if (isApiPath(c.req.path)) return c.json(new ApiError(404, 'not_found', 'No such call').toAnswer(), 404);
  return c.text('Not found', 404);
};
