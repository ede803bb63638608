// The provider a session was opened with (decision 0044), kept beside the user ticket cookie for the
// logout of a later visit: a cookie of its own, read and written by the session alone, so the first
// paint (which reads the ticket) carries none of it. It lives and goes with the session cookies.
// biome-ignore-all lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
import type { ProviderSession } from '@transit-shop/flows/session/session.machine';
import { readCookie, SESSION_COOKIE_MAX_AGE, serializeCookie } from '../cookies.ts';

export const PROVIDER_COOKIE = 'provider';

/** Writes the session's provider; null (a session opened without one) removes the cookie. */
export function writeProviderCookie(provider: ProviderSession | null): void {
  const value = provider ? JSON.stringify({ providerId: provider.providerId, driver: provider.driver }) : '';
  document.cookie = serializeCookie(PROVIDER_COOKIE, value, provider ? SESSION_COOKIE_MAX_AGE : 0, 'Lax');
}

export function readProviderCookie(): ProviderSession | undefined {
  let value: Partial<ProviderSession> | undefined;
  try {
    value = JSON.parse(readCookie(PROVIDER_COOKIE) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
  if (typeof value?.providerId !== 'number' || !Number.isSafeInteger(value.providerId)) return undefined;
  if (value.driver !== 'KEYCLOAK' && value.driver !== 'FRANCECONNECT') return undefined;
  return { providerId: value.providerId, driver: value.driver };
}
