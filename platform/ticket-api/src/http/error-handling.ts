// How failures are answered: every error becomes a ko envelope with the catalogue's status; a
// fault of the server is logged with the request id and answered with the generic message only.

import { DEFAULT_ERROR_CODE, DEFAULT_ERROR_MESSAGE, ko } from '@transit-shop/sdk/contract/envelope';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './app-env.ts';

export function createErrorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (isAppError(error)) {
      const status = error.status as ContentfulStatusCode;
      if (status >= 500) {
        logger.error({ err: error, requestId: c.get('requestId'), path: c.req.path }, 'request failed');
      }
      const body = error.toBody();
      return c.json(ko(body.code, body.message, body.details), status);
    }
    // Hono's own refusals (a body it cannot read) are the caller's mistake.
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(ko('INVALID_REQUEST', error.message || 'The request is invalid'), 400);
    }
    logger.error({ err: error, requestId: c.get('requestId'), path: c.req.path }, 'request failed');
    return c.json(ko(DEFAULT_ERROR_CODE, DEFAULT_ERROR_MESSAGE), 500);
  };
}

export const notFound: NotFoundHandler<AppEnv> = (c) =>
  c.json(ko('NOT_FOUND', 'Nothing is served at this address'), 404);
