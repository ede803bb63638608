// Refuses a request body over a limit with 413 and the INVALID_REQUEST envelope: at once by its
// Content-Length, or as soon as a body without one runs past the limit. Unlike hono's bodyLimit it
// leaves a refused body's stream unlocked, so the answer can drop the rest of it before the
// connection closes (http/unread-body.ts, decision 0023).
import { BODY_TOO_LARGE_MESSAGE } from '@transit-shop/sdk/contract/body-limits';
import { ko } from '@transit-shop/sdk/contract/envelope';
import { readBodyWithin } from '@transit-shop/sdk/server/request-body';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

export function bodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = raw.headers.get('content-length');
    if (declared !== null && !raw.headers.has('transfer-encoding')) {
      if (Number(declared) > maxBytes) return c.json(ko('INVALID_REQUEST', BODY_TOO_LARGE_MESSAGE), 413);
      return next();
    }
    const bytes = await readBodyWithin(raw.body, maxBytes);
    if (!bytes) return c.json(ko('INVALID_REQUEST', BODY_TOO_LARGE_MESSAGE), 413);
    c.req.raw = new Request(raw, { body: bytes });
    return next();
  };
}
