// The browser's side of a sign-in at a network's OpenID provider (decision 0044): ask the ticket API
// for an attempt and go to the provider; back on a return page, read what the provider answered.
import {
  authorizationStateCall,
  PROVIDER_RETURN_PATHS,
  type ProviderReturnPurpose,
} from '@transit-shop/sdk/contract/authentication';
import type { Locale } from '@transit-shop/sdk/locales';
import { localePath } from '../../config/paths.ts';
import type { TicketClient } from '../api-client.ts';

export type ProviderRedirect = {
  providerId: number;
  purpose: ProviderReturnPurpose;
  locale: Locale;
};

/** The page of the shop the provider sends the browser back to, in the page's language. */
export function providerReturnUri(purpose: ProviderReturnPurpose, locale: Locale, origin: string): string {
  return new URL(localePath(locale, PROVIDER_RETURN_PATHS[purpose]), origin).href;
}

/** Opens an attempt and sends the browser to the provider's sign-in page. */
export async function goToProvider(
  client: TicketClient,
  redirect: ProviderRedirect,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  const { authorizationUrl } = await client.call(authorizationStateCall, {
    authProviderId: redirect.providerId,
    redirectUri: providerReturnUri(redirect.purpose, redirect.locale, window.location.origin),
  });
  navigate(authorizationUrl);
}

/** What a provider put in a return page's address: a code to exchange, a refusal, or nothing. */
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
