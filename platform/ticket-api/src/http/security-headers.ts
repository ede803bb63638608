// Headers every answer of the API carries: JSON only, never cached, never framed or sniffed.
import { contentSecurityPolicy, securityHeaders } from '@transit-shop/service-kit/security-headers';

export const API_SECURITY_HEADERS = securityHeaders({
  'cache-control': 'no-store',
  'content-security-policy': contentSecurityPolicy({
    'default-src': ["'none'"],
    'frame-ancestors': ["'none'"],
  }),
  'referrer-policy': 'no-referrer',
});
