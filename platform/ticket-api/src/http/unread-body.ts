// An answer given before its request body was read to the end (a body over the call's limit, an
// error found first) closes the connection once the rest of the body has arrived (decision 0023).
import { answerBeforeBody, isBodyLeftUnread } from '@transit-shop/sdk/server/request-body';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';

/** Set after the request context, so the answer it replaces still gets the security headers. */
export function answerUnreadBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const incoming = c.env?.incoming;
    if (incoming && isBodyLeftUnread(incoming)) c.res = await answerBeforeBody(c.res, c.req.raw.body);
  };
}
