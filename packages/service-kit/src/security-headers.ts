// The security headers the services answer with: the ones every service sends, and each service's
// content security policy, referrer policy and others, as one plain object of lower-case names.
import type { MiddlewareHandler } from 'hono';

export type SecurityHeaders = Readonly<Record<string, string>>;

/** Never framed, never sniffed. */
const ALWAYS = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' } as const;

/** A content security policy from its directives, in their order. */
export const contentSecurityPolicy = (directives: Record<string, readonly string[]>): string =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/** The headers a service answers with: nosniff and DENY, then its own. */
export function securityHeaders(own: Record<string, string>): SecurityHeaders {
  return Object.freeze({ ...ALWAYS, ...own });
}

/**
 * Sets the headers on every answer; `unlessSet` only where the route did not set that header
 * itself (a page's own content security policy, a cacheable answer).
 */
export function securityHeadersMiddleware(options: {
  headers: SecurityHeaders;
  unlessSet?: SecurityHeaders;
}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(options.headers)) headers.set(name, value);
    for (const [name, value] of Object.entries(options.unlessSet ?? {}))
      if (!headers.has(name)) headers.set(name, value);
  };
}
