// authentication/exchangeAuthorizationCode (decision 0044): takes the attempt the state names (once),
// exchanges the code with its PKCE verifier, verifies the ID token (signature against the issuer's
// keys, issuer, audience, expiry, nonce), and keeps the verified identity behind a single-use token.
import type { AuthenticationProvider } from '@transit-shop/sdk/contract/networks';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, gt, isNull } from 'drizzle-orm';
import * as openid from 'openid-client';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type AuthorizationAttemptRow, authorizationAttempts } from '../../db/schema/sign-in-providers.ts';
import type { Logger } from '../../logger.ts';
import { findLinkedIdentity } from '../identity/linked-identities.ts';
import type { SignInProvider, SignInProviders } from './provider-registry.ts';
import { storeProviderSignIn } from './provider-sign-ins.ts';

/** What the shop keeps of a person's claims: who they are, nothing of the protocol. */
const PERSON_CLAIMS = [
  'email',
  'email_verified',
  'given_name',
  'family_name',
  'name',
  'preferred_username',
  'birthdate',
  'gender',
  'birthplace',
  'birthcountry',
  'locale',
] as const;

export type ExchangedCode = {
  authProviderToken: string;
  authProviderId: number;
  driver: AuthenticationProvider['driver'];
  expiresIn: number;
  linked: boolean;
};

/** The attempt of this state on this network, marked used in the same statement: a replay finds none. */
async function takeAttempt(db: Database, now: Date, networkId: number, state: string) {
  const [attempt] = await db
    .update(authorizationAttempts)
    .set({ usedAt: now })
    .where(
      and(
        eq(authorizationAttempts.state, state),
        eq(authorizationAttempts.networkId, networkId),
        isNull(authorizationAttempts.usedAt),
        gt(authorizationAttempts.expiresAt, now),
      ),
    )
    .returning();
  if (!attempt) throw new AppError('AUTHORIZATION_STATE_INVALID');
  return attempt;
}

const hasCode = (error: unknown, codes: readonly string[]) =>
  typeof error === 'object' && error !== null && codes.includes(String((error as { code?: unknown }).code));

/** Whether the provider could not be reached or failed on its side, rather than refused or lied. */
function isUnreachable(error: unknown): boolean {
  // fetch's own failure (no connection, reset); openid-client's argument errors are TypeErrors too.
  if (error instanceof TypeError) return !hasCode(error, ['ERR_INVALID_ARG_TYPE', 'ERR_INVALID_ARG_VALUE']);
  if (error instanceof openid.ResponseBodyError) return error.status >= 500;
  if (error instanceof openid.ClientError) {
    if (hasCode(error, ['OAUTH_TIMEOUT', 'OAUTH_ABORT'])) return true;
    // The cause is the provider's response (a fetch Response, of whichever realm made it).
    const status = (error.cause as { status?: unknown } | undefined)?.status;
    return (
      hasCode(error, ['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']) &&
      typeof status === 'number' &&
      status >= 500
    );
  }
  return false;
}

/**
 * A failure at the provider as the caller hears it: unreachable, or an answer that could not be
 * verified (a refused code or verifier, a token of another key, issuer, audience, time or nonce).
 */
function providerFailure(error: unknown, logger: Logger, provider: SignInProvider): AppError {
  if (error instanceof AppError) return error;
  const unreachable = isUnreachable(error);
  logger.warn(
    {
      err: error,
      networkId: provider.networkId,
      providerId: provider.id,
      code: (error as { code?: unknown }).code,
      status: (error as { cause?: { status?: unknown } }).cause?.status,
    },
    unreachable ? 'the sign-in provider could not be reached' : "the sign-in provider's answer was refused",
  );
  return new AppError(unreachable ? 'IDENTITY_PROVIDER_UNAVAILABLE' : 'IDENTITY_TOKEN_INVALID');
}

/** The browser's return as the provider sent it: the attempt's page with the code and state. */
function returnedUrl(configuration: openid.Configuration, attempt: AuthorizationAttemptRow, code: string) {
  const url = new URL(attempt.redirectUri);
  url.searchParams.set('code', code);
  url.searchParams.set('state', attempt.state);
  // RFC 9207 names the issuer in the return, against mix-ups between providers; the attempt already
  // names its one provider of the network, and the contract carries only the code and the state.
  const metadata = configuration.serverMetadata();
  if (metadata.authorization_response_iss_parameter_supported) url.searchParams.set('iss', metadata.issuer);
  return url;
}

export async function exchangeAuthorizationCode(options: {
  db: Database;
  clock: Clock;
  logger: Logger;
  providers: SignInProviders;
  network: LoadedNetwork;
  code: string;
  state: string;
}): Promise<ExchangedCode> {
  const { db, clock, network, logger } = options;
  const attempt = await takeAttempt(db, clock.now(), network.network.config.id, options.state);
  const provider = options.providers.providerOf(network, attempt.providerId);
  const configuration = await options.providers.configurationOf(provider);

  let claims: Record<string, unknown>;
  let tokens: Awaited<ReturnType<typeof openid.authorizationCodeGrant>>;
  try {
    tokens = await openid.authorizationCodeGrant(
      configuration,
      returnedUrl(configuration, attempt, options.code),
      {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      },
    );
    const idToken = tokens.claims();
    if (!idToken) throw new AppError('IDENTITY_TOKEN_INVALID');
    claims = { ...idToken };
    // FranceConnect gives the pivot identity at its user info endpoint, for this subject only.
    if (provider.driver === 'FRANCECONNECT' && configuration.serverMetadata().userinfo_endpoint) {
      const userInfo = await openid.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      claims = { ...userInfo, ...claims };
    }
  } catch (error) {
    throw providerFailure(error, logger, provider);
  }
  const subject = claims.sub;
  if (typeof subject !== 'string' || subject === '') throw new AppError('IDENTITY_TOKEN_INVALID');

  const kept = Object.fromEntries(
    PERSON_CLAIMS.flatMap((name) => (claims[name] === undefined ? [] : [[name, claims[name]]])),
  );
  const { token, expiresAt } = await storeProviderSignIn({
    db,
    clock,
    networkId: network.network.config.id,
    providerId: provider.id,
    issuer: provider.issuer,
    subject,
    claims: kept,
    refreshToken: tokens.refresh_token ?? null,
    idToken: tokens.id_token ?? null,
  });
  return {
    authProviderToken: token,
    authProviderId: provider.id,
    driver: provider.driver,
    expiresIn: Math.round((expiresAt.getTime() - clock.now().getTime()) / 1000),
    linked: (await findLinkedIdentity(db, provider.issuer, subject)) !== undefined,
  };
}
