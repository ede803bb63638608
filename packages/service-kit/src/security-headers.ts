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

const POLICY = 'content-security-policy';

/**
 * Whether a content security policy is stricter than any a service would put in its place: a
 * sandbox without exceptions, every directive `'none'` and `default-src` among them (a download's
 * `default-src 'none'; sandbox`: nothing loads, nothing runs, no form is sent). Framing is refused
 * beside it by X-Frame-Options, which every answer carries.
 */
export function isSandboxedDenyAll(policy: string | null): boolean {
  // Several policies in one header are each enforced; one alone is not judged here.
  if (policy === null || policy.includes(',')) return false;
  let denyAll = false;
  let sandboxed = false;
  for (const directive of policy.split(';')) {
    const [name, ...values] = directive.trim().toLowerCase().split(/\s+/);
    if (!name) continue;
    if (name === 'sandbox') {
      if (values.length > 0) return false;
      sandboxed = true;
    } else if (values.length !== 1 || values[0] !== "'none'") return false;
    else if (name === 'default-src') denyAll = true;
  }
  return denyAll && sandboxed;
}

/**
 * Sets a service's headers on an answer. The answer's own policy stays where it is a sandbox that
 * loads nothing (decision 0040): a route's or a proxied service's stricter policy is never replaced.
 */
export function applySecurityHeaders(headers: Headers, own: SecurityHeaders): void {
  const keepsPolicy = isSandboxedDenyAll(headers.get(POLICY));
  for (const [name, value] of Object.entries(own))
    if (!(keepsPolicy && name === POLICY)) headers.set(name, value);
}

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
    applySecurityHeaders(headers, options.headers);
    for (const [name, value] of Object.entries(options.unlessSet ?? {}))
      if (!headers.has(name)) headers.set(name, value);
  };
}
