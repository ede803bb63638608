// What the account's identities at the network's providers and the provider a session was opened
// with change (decision 0044): FranceConnect's details are read-only (IDP-01), credentials change
// after a sign-in by email and password (IDP-02), a default identity opens the replace page
// (ROUTE-11), and a FranceConnect sign-in sells no phone ticket (CAT-03) nor proves documents (DOC-05).
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { AuthenticationProvider } from '@transit-shop/sdk/contract/networks';

type Providers = readonly Pick<AuthenticationProvider, 'id' | 'driver' | 'isDefault'>[];

/** The network's provider among those matching that the account has an identity at, if any. */
function linkedProvider<Provider extends Providers[number]>(
  user: Pick<AuthUser, 'identities'>,
  providers: readonly Provider[],
  matches: (provider: Provider) => boolean,
): Provider | undefined {
  const linked = new Set(user.identities.map((identity) => identity.providerId));
  return providers.find((provider) => matches(provider) && linked.has(provider.id));
}

/** The network's FranceConnect provider; null where it has none (IDP-05). */
export function franceConnectProviderOf<Provider extends Pick<AuthenticationProvider, 'driver'>>(
  providers: readonly Provider[],
): Provider | null {
  return providers.find((provider) => provider.driver === 'FRANCECONNECT') ?? null;
}

/** ROUTE-11: the network's default provider the account has an identity at. */
export function defaultIdentityProviderOf<Provider extends Providers[number]>(
  user: Pick<AuthUser, 'identities'>,
  providers: readonly Provider[],
): Provider | undefined {
  return linkedProvider(user, providers, (provider) => provider.isDefault);
}

/** IDP-01, ROUTE-11: the network's FranceConnect provider the account has an identity at. */
export function franceConnectIdentityProviderOf<Provider extends Providers[number]>(
  user: Pick<AuthUser, 'identities'>,
  providers: readonly Provider[],
): Provider | undefined {
  return linkedProvider(user, providers, (provider) => provider.driver === 'FRANCECONNECT');
}

/** IDP-01: the account is linked to the network's FranceConnect provider, which keeps its details. */
export function hasFranceConnectIdentity(user: Pick<AuthUser, 'identities'>, providers: Providers): boolean {
  return franceConnectIdentityProviderOf(user, providers) !== undefined;
}

/** ROUTE-11: the account has an identity at the network's default provider. */
export function hasDefaultIdentity(user: Pick<AuthUser, 'identities'>, providers: Providers): boolean {
  return defaultIdentityProviderOf(user, providers) !== undefined;
}

/**
 * IDP-02: the sign-in email and the password change only in a session opened with them: a session
 * a provider opened (Keycloak or FranceConnect) proved the provider's identity, not the password.
 */
export function needsPasswordSignIn(user: Pick<AuthUser, 'signedInWith'>): boolean {
  return user.signedInWith !== null;
}

/** CAT-03, DOC-05: this session was opened through FranceConnect. */
export function signedInWithFranceConnect(user: Pick<AuthUser, 'signedInWith'> | null | undefined): boolean {
  return user?.signedInWith?.driver === 'FRANCECONNECT';
}
