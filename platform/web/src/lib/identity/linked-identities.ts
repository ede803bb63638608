// Which of the network's OpenID providers an account has an identity at (ROUTE-11, IDP-03): read
// from the auth user's identities and the bootstrap's providers.
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { AuthenticationProvider } from '@transit-shop/sdk/contract/networks';

type Providers = readonly AuthenticationProvider[];

/** The network's FranceConnect provider, if it has one (IDP-05). */
export function franceConnectProviderOf(providers: Providers): AuthenticationProvider | undefined {
  return providers.find((provider) => provider.driver === 'FRANCECONNECT');
}

/** The network's provider the account has an identity at among those matching, if any. */
function linkedProvider(
  user: Pick<AuthUser, 'identities'>,
  providers: Providers,
  matches: (provider: AuthenticationProvider) => boolean,
): AuthenticationProvider | undefined {
  const linked = new Set(user.identities.map((identity) => identity.providerId));
  return providers.find((provider) => matches(provider) && linked.has(provider.id));
}

/** ROUTE-11: the account has an identity at the network's default provider. */
export function defaultIdentityProviderOf(
  user: Pick<AuthUser, 'identities'>,
  providers: Providers,
): AuthenticationProvider | undefined {
  return linkedProvider(user, providers, (provider) => provider.isDefault);
}

/** ROUTE-11: the network's FranceConnect provider the account has an identity at. */
export function franceConnectIdentityProviderOf(
  user: Pick<AuthUser, 'identities'>,
  providers: Providers,
): AuthenticationProvider | undefined {
  return linkedProvider(user, providers, (provider) => provider.driver === 'FRANCECONNECT');
}
