// The security headers of every answer. Pages add the shop's origin to form-action: the browser
// follows the form's 303 to the returnUrl, and Chromium applies form-action to that redirect.
import {
  securityHeaders as headersOf,
  contentSecurityPolicy as policyOf,
  securityHeadersMiddleware,
} from '@transit-shop/service-kit/security-headers';
import type { MiddlewareHandler } from 'hono';

export function contentSecurityPolicy(formActionOrigins: string[] = []): string {
  return policyOf({
    'default-src': ["'self'"],
    'script-src': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...formActionOrigins],
  });
}

const FIXED_HEADERS = headersOf({
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
});

/** Routes may set their own content security policy (a page's form-action) and caching. */
const UNLESS_SET = { 'content-security-policy': contentSecurityPolicy(), 'cache-control': 'no-store' };

export const securityHeaders = (): MiddlewareHandler =>
  securityHeadersMiddleware({ headers: FIXED_HEADERS, unlessSet: UNLESS_SET });
