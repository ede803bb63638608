// The security headers every answer carries, computed once from the configuration.

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
export function securityHeaders(options: { alertSources: string }): Readonly<Record<string, string>> {
  const connectSrc = ["'self'", ...alertSourceOrigins(options.alertSources)].join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connectSrc}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return Object.freeze({
    'content-security-policy': csp,
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  });
}
