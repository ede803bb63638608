// What a FranceConnect sign-in changes on the account page: name, birth date and email come from
// the provider and are read-only (IDP-01); changing the email or the password needs a sign-in by
// email and password first (IDP-02).
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { AuthenticationProvider } from '@transit-shop/sdk/contract/networks';

/** IDP-01: the account is linked to the network's FranceConnect provider. */
export function hasFranceConnectIdentity(
  user: Pick<AuthUser, 'identities'>,
  providers: readonly Pick<AuthenticationProvider, 'id' | 'driver'>[],
): boolean {
  const franceConnect = new Set(
    providers.filter((provider) => provider.driver === 'FRANCECONNECT').map((provider) => provider.id),
  );
  return user.identities.some((identity) => franceConnect.has(identity.providerId));
}

/**
 * IDP-02: a session signed in by email and password holds the identity provider's tokens; a
 * FranceConnect sign-in does not. A linked account without them signed in through FranceConnect.
 */
export function needsPasswordSignIn(
  user: Pick<AuthUser, 'identities'>,
  providers: readonly Pick<AuthenticationProvider, 'id' | 'driver'>[],
  signedInWithPassword: boolean,
): boolean {
  return hasFranceConnectIdentity(user, providers) && !signedInWithPassword;
}
