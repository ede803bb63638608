// The security headers every answer carries, computed once from the configuration.
import {
  contentSecurityPolicy,
  securityHeaders as headersOf,
  type SecurityHeaders,
} from '@transit-shop/service-kit/security-headers';

/** Origins of the absolute beacon URLs, which the page's scripts must be allowed to fetch. */
export function alertSourceOrigins(alertSources: string): string[] {
  const origins = new Set<string>();
  for (const source of alertSources.split('|')) {
    if (/^https?:\/\//.test(source)) origins.add(new URL(source).origin);
  }
  return [...origins];
}

/**
 * Header names are lower-case so that one plain object can be handed to the HTTP layer as is
 * (the index route answers with a precomputed object: no Headers instance per request).
 */
export function securityHeaders(options: { alertSources: string }): SecurityHeaders {
  return headersOf({
    'content-security-policy': contentSecurityPolicy({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", ...alertSourceOrigins(options.alertSources)],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'object-src': ["'none'"],
    }),
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  });
}
