// The browser's side of a sign-in at a network's OpenID provider (decision 0044): ask the ticket API
// for an attempt and go to the provider; back on a return page, read what the provider answered
// (the reader is the sdk's, which the flows starting on those pages share).
import {
  authorizationStateCall,
  PROVIDER_RETURN_PATHS,
  type ProviderReturnPurpose,
} from '@transit-shop/sdk/contract/authentication';
import type { Locale } from '@transit-shop/sdk/locales';
import { localePath } from '../../config/paths.ts';
import type { TicketClient } from '../api-client.ts';
import { providerPage } from '../provider-page.ts';

export { type ProviderReturn, readProviderReturn } from '@transit-shop/sdk/contract/provider-return';

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
  navigate: (url: string) => void = (url) => providerPage.open(url),
): Promise<void> {
  const { authorizationUrl } = await client.call(authorizationStateCall, {
    authProviderId: redirect.providerId,
    redirectUri: providerReturnUri(redirect.purpose, redirect.locale, window.location.origin),
  });
  navigate(authorizationUrl);
}
