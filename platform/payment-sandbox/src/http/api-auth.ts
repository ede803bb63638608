// `Authorization: Bearer <PAYMENT_SANDBOX_API_KEY>` on every server-to-server call, compared in constant time.
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error.ts';
import { sameSecret } from './constant-time.ts';

export function requireApiKey(apiKey: string): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer +(\S+)\s*$/i.exec(header);
    if (!match?.[1] || !sameSecret(match[1], apiKey)) {
      c.header('www-authenticate', 'Bearer realm="payment-sandbox"');
      throw new ApiError(
        401,
        'unauthorized',
        'Authorization: Bearer <PAYMENT_SANDBOX_API_KEY> is missing or wrong',
      );
    }
    await next();
  };
}
