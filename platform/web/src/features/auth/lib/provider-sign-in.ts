// Sign-in through a network's OpenID providers (decision 0044): which providers the sign-in page
// offers (FranceConnect; the network's Keycloak where the custom provider applies, NET-07), and the
// page the traveller was going to, kept in the tab's storage across the trip to the provider.
import type { ProviderReturnPurpose } from '@transit-shop/sdk/contract/authentication';
import type { AuthenticationProvider } from '@transit-shop/sdk/contract/networks';
import { safeRedirectPath } from '../../../lib/session/redirect-target.ts';
import { hasCustomProvider } from '../../../lib/session/session-runtime.ts';

/** A provider the sign-in page offers, with the return page it signs in on. */
export type SignInProvider = {
  provider: AuthenticationProvider;
  purpose: Extract<ProviderReturnPurpose, 'signIn' | 'franceConnectSignIn'>;
};

type ProvidersOf = { authenticationProviders: AuthenticationProvider[] };

export function signInProvidersOf(network: ProvidersOf): SignInProvider[] {
  const custom = hasCustomProvider(network);
  return network.authenticationProviders.flatMap((provider): SignInProvider[] => {
    if (provider.driver === 'FRANCECONNECT') return [{ provider, purpose: 'franceConnectSignIn' }];
    // NET-07: /auth/custom signs in with the network's Keycloak only where its default provider is one.
    return custom && provider.driver === 'KEYCLOAK' ? [{ provider, purpose: 'signIn' }] : [];
  });
}

/** The network's Keycloak that /auth/custom signs in with (NET-07): its default provider. */
export function customProviderOf(network: ProvidersOf): AuthenticationProvider | undefined {
  return hasCustomProvider(network)
    ? network.authenticationProviders.find((provider) => provider.isDefault)
    : undefined;
}

const TARGET_KEY = 'providerSignInTarget';

/** Keeps where the traveller was going, for the return page after the provider. */
export function keepSignInTarget(target: string): void {
  try {
    sessionStorage.setItem(TARGET_KEY, target);
  } catch {
    // Storage refused (private mode): the return page goes home.
  }
}

/** Where the traveller was going before the provider (once: it is forgotten), kept within the shop. */
export function takeSignInTarget(fallback: string): string {
  try {
    const target = sessionStorage.getItem(TARGET_KEY);
    sessionStorage.removeItem(TARGET_KEY);
    return safeRedirectPath(target, fallback);
  } catch {
    return fallback;
  }
}
