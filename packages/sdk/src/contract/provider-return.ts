// What an OpenID provider puts in the address of the shop's return page (RFC 6749 §4.1.2, decision
// 0044): a code with its state, a refusal, or nothing; read once here for the web pages and the
// flows that start from them, and a refusal said as a code of the error catalogue (IDP-04).
import { AppError } from '../errors/app-error.ts';

export type ProviderReturn =
  | { kind: 'code'; code: string; state: string }
  | { kind: 'error'; error: string }
  | { kind: 'none' };

export function readProviderReturn(search: URLSearchParams): ProviderReturn {
  const state = search.get('state');
  const error = search.get('error');
  if (error) return { kind: 'error', error };
  const code = search.get('code');
  if (code && state) return { kind: 'code', code, state };
  return { kind: 'none' };
}

// The rider said no, or the provider needs the rider and could not ask (OpenID Connect Core §3.1.2.6).
const REFUSALS = new Set(['access_denied', 'login_required', 'consent_required', 'interaction_required']);

/**
 * A provider's `error` as the catalogue's error: the rider's refusal, or anything else (the
 * provider down, or refusing the shop's request) as the provider being unavailable.
 */
export function providerReturnError(error: string): AppError {
  return new AppError(REFUSALS.has(error) ? 'IDENTITY_PROVIDER_DENIED' : 'IDENTITY_PROVIDER_UNAVAILABLE', {
    cause: error,
  });
}
