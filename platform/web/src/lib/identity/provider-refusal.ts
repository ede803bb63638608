// What a provider's `error` in a return page's address means to the traveller (RFC 6749 §4.1.2.1,
// OpenID Connect Core §3.1.2.6), as a code of the error catalogue (IDP-04).
import type { ErrorCode } from '@transit-shop/sdk/errors/error-codes';

/** The provider could not answer now; every other error is a sign-in the provider did not complete. */
const UNAVAILABLE = new Set(['server_error', 'temporarily_unavailable']);

export function providerRefusalCode(error: string): ErrorCode {
  return UNAVAILABLE.has(error) ? 'IDENTITY_PROVIDER_UNAVAILABLE' : 'IDENTITY_PROVIDER_DENIED';
}
