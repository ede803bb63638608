// Headers every answer of the API carries: JSON only, never framed or sniffed, and never cached
// unless the route says otherwise (the public JWK Sets).
import { contentSecurityPolicy, securityHeaders } from '@transit-shop/service-kit/security-headers';

/** An answer's Cache-Control when its route set none. */
export const API_CACHE_CONTROL = 'no-store';

export const API_SECURITY_HEADERS = securityHeaders({
  'content-security-policy': contentSecurityPolicy({
    'default-src': ["'none'"],
    'frame-ancestors': ["'none'"],
  }),
  'referrer-policy': 'no-referrer',
});
