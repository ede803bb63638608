// The security headers of every answer. Pages add the shop's origin to form-action: the browser
// follows the form's 303 to the returnUrl, and Chromium applies form-action to that redirect.
import type { MiddlewareHandler } from 'hono';

export function contentSecurityPolicy(formActionOrigins: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    `form-action ${["'self'", ...formActionOrigins].join(' ')}`,
  ].join('; ');
}

const FIXED_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

const DEFAULT_CSP = contentSecurityPolicy();

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(FIXED_HEADERS)) headers.set(name, value);
    if (!headers.has('content-security-policy')) headers.set('content-security-policy', DEFAULT_CSP);
    if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  };
}
