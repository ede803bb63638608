// authentication/authorizationState (decision 0044): one attempt at a provider of the network, its
// state, nonce and PKCE verifier kept here for ten minutes, and the provider's authorization URL.
// The return page must be one of the shop's on the network's domains; FranceConnect's return pages
// need a FranceConnect provider (IDP-05); the custom sign-in page is the default Keycloak's (NET-07).
import { PROVIDER_RETURN_PATHS, type ProviderReturnPurpose } from '@transit-shop/sdk/contract/authentication';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { splitLocalePath } from '@transit-shop/sdk/locale-paths';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import * as openid from 'openid-client';
import { addMinutes, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { authorizationAttempts } from '../../db/schema/sign-in-providers.ts';
import type { SignInProvider, SignInProviders } from './provider-registry.ts';
import { returnPathOf } from './return-uris.ts';

export const ATTEMPT_LIFETIME_MINUTES = 10;

/** FranceConnect's pivot identity and email (its scopes name claims one by one). */
const FRANCECONNECT_SCOPES = [
  'openid',
  'given_name',
  'family_name',
  'birthdate',
  'gender',
  'birthplace',
  'birthcountry',
  'email',
  'preferred_username',
];
const KEYCLOAK_SCOPES = ['openid', 'profile', 'email'];

/** The returns that need the person to sign in at the provider again, not its open session. */
const REAUTHENTICATING_PURPOSES: ReadonlySet<ProviderReturnPurpose> = new Set(['unlink', 'replace']);

/** The scopes asked of a provider: its tenant file's beside openid, else its driver's. */
export function scopesOf(provider: Pick<SignInProvider, 'driver' | 'scopes'>): string {
  const scopes = provider.scopes
    ? ['openid', ...provider.scopes]
    : provider.driver === 'FRANCECONNECT'
      ? FRANCECONNECT_SCOPES
      : KEYCLOAK_SCOPES;
  return [...new Set(scopes)].join(' ');
}

const FRANCECONNECT_PAGES: ReadonlySet<ProviderReturnPurpose> = new Set(['franceConnectSignIn', 'unlink']);

function checkPurpose(network: LoadedNetwork, provider: SignInProvider, purpose: ProviderReturnPurpose) {
  if (FRANCECONNECT_PAGES.has(purpose) && provider.driver !== 'FRANCECONNECT') {
    throw new AppError('NO_FRANCECONNECT_PROVIDER');
  }
  // NET-07: the custom sign-in is the network's default provider, and only a Keycloak one.
  if (purpose === 'signIn' && !(provider.isDefault && provider.driver === 'KEYCLOAK')) {
    throw new AppError('IDENTITY_PROVIDER_NOT_FOUND', {
      message: `${network.network.config.name} signs in on this page with its default Keycloak provider only`,
    });
  }
}

/** The language of the shop's page the provider sends the browser back to (its path's prefix). */
function pageLocaleOf(network: LoadedNetwork, redirectUri: string): string {
  return splitLocalePath(new URL(redirectUri).pathname).prefix ?? network.network.config.defaultLanguage;
}

export async function startAuthorization(options: {
  db: Database;
  clock: Clock;
  providers: SignInProviders;
  network: LoadedNetwork;
  providerId: number;
  redirectUri: string;
}): Promise<{ state: string; authorizationUrl: string }> {
  const { db, clock, network } = options;
  const purpose = returnPathOf(network, options.redirectUri, PROVIDER_RETURN_PATHS, { field: 'redirectUri' });
  // IDP-05: whichever provider is named, a network without FranceConnect has none to return from.
  const providers = network.network.config.authenticationProviders;
  if (
    FRANCECONNECT_PAGES.has(purpose) &&
    !providers.some((provider) => provider.driver === 'FRANCECONNECT')
  ) {
    throw new AppError('NO_FRANCECONNECT_PROVIDER');
  }
  const provider = options.providers.providerOf(network, options.providerId);
  checkPurpose(network, provider, purpose);
  const configuration = await options.providers.configurationOf(provider);

  // The address exactly as the provider will compare it when the code is exchanged.
  const redirectUri = new URL(options.redirectUri).href;
  const codeVerifier = openid.randomPKCECodeVerifier();
  const state = openid.randomState();
  const nonce = openid.randomNonce();
  const now = clock.now();
  await db.insert(authorizationAttempts).values({
    state,
    nonce,
    codeVerifier,
    networkId: network.network.config.id,
    providerId: provider.id,
    redirectUri,
    createdAt: now,
    expiresAt: addMinutes(now, ATTEMPT_LIFETIME_MINUTES),
  });
  const authorizationUrl = openid.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: scopesOf(provider),
    code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    // FranceConnect asks every service provider for its eIDAS level; the lowest is its sign-in.
    ...(provider.driver === 'FRANCECONNECT' ? { acr_values: 'eidas1' } : {}),
    // Unlinking asks for a fresh sign-in (IDP-03), and replacing lets another identity be chosen:
    // the provider asks for the password even where its own session is still open.
    ...(REAUTHENTICATING_PURPOSES.has(purpose) ? { prompt: 'login' } : {}),
    // The provider's pages in the shop page's language rather than in the browser's.
    ui_locales: pageLocaleOf(network, redirectUri),
  });
  return { state, authorizationUrl: authorizationUrl.href };
}
