// The request signature checked on the server (spec 02 "Request signing", decision 0007): the same
// hex HMAC-SHA1 of the canonical string as the sdk's Web Crypto signing, computed with node:crypto,
// at once on the calling thread instead of a round trip through the crypto thread pool.
import { createHmac } from 'node:crypto';
import { canonicalString } from '@transit-shop/sdk/signing/canonical-string';
import { constantTimeEqual } from '@transit-shop/sdk/signing/sign';

/** Whether `signature` is the payload's signature with this key (case-insensitive hex). */
export function isRequestSignature(
  payload: Readonly<Record<string, unknown>>,
  signature: string,
  secret: string,
): boolean {
  const expected = createHmac('sha1', secret).update(canonicalString(payload)).digest('hex');
  return constantTimeEqual(expected, signature.toLowerCase());
}
