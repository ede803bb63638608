// Sign-ins through the demo networks' OpenID providers for tests that need a session a provider
// opened (decision 0044): a test OpenID provider over loopback HTTP plugged into the test app, and
// the browser's trip through the real calls (the attempt, the provider's page, the code's exchange,
// account/authenticate).
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { AUTHENTICATION_CALLS } from '@transit-shop/sdk/contract/authentication';
import type { IdentitySession } from '@transit-shop/sdk/contract/identity';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createSignInProviders } from '../services/sign-in-providers/provider-registry.ts';
import { okOf, uniqueEmail } from './account-test-kit.ts';
import {
  type Person,
  startTestOpenIdProvider,
  type Tampering,
  type TestOpenIdProvider,
} from './openid-provider.ts';
import { LUMIERE_ID, type TestApp } from './test-app.ts';

export const LAKESIDE_ID = 103;
/** Lumière's providers: its Keycloak (the default) and FranceConnect; Lakeside's Keycloak. */
export const LUMIERE_KEYCLOAK = 1;
export const LUMIERE_FRANCECONNECT = 2;
export const LAKESIDE_KEYCLOAK = 3;

export type Exchanged = {
  authProviderToken: string;
  authProviderId: number;
  driver: string;
  expiresIn: number;
  linked: boolean;
};

export type SignedIn = { user: AuthUser; identity: IdentitySession };

/** A page of the shop on a network's domain, as the browser comes back to it. */
export const page = (path: string, host = 'lumiere.localhost') => `http://${host}:5173${path}`;

let people = 0;
/** Someone new at the provider, with the claims a Keycloak realm or FranceConnect gives. */
export function person(claims: Record<string, unknown> = {}): Person {
  people += 1;
  return {
    sub: `subject-${people}-${Math.random().toString(36).slice(2, 8)}`,
    claims: {
      given_name: 'Camille',
      family_name: 'Durand',
      email: uniqueEmail('provider'),
      email_verified: true,
      ...claims,
    },
  };
}

/**
 * Starts a test OpenID provider for the file's tests, answering for the demo networks' issuers,
 * and the trips through it.
 */
export function useProviderSignIn(testApp: { readonly current: TestApp }) {
  let current: TestOpenIdProvider | undefined;
  beforeAll(async () => {
    current = await startTestOpenIdProvider();
    const { deps, clock } = testApp.current;
    deps.signInProviders = createSignInProviders({
      identitySandboxUrl: current.origin,
      secretOf: () => undefined,
      clock,
      logger: deps.logger,
    });
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(() => {
    if (!current) return;
    current.failTokenEndpoint = null;
    current.failLogout = null;
  });
  const provider = (): TestOpenIdProvider => {
    if (!current) throw new Error('the test OpenID provider is started before the tests');
    return current;
  };

  function startAttempt(providerId: number, redirectUri: string, networkId = LUMIERE_ID) {
    return testApp.current.call(AUTHENTICATION_CALLS.authorizationStateCall, {
      networkId,
      authProviderId: providerId,
      redirectUri,
    });
  }

  /** The browser's trip: an attempt, the provider's page, and back with a code and the state. */
  async function codeFrom(
    providerId: number,
    who: Person,
    options: { path?: string; networkId?: number; tampering?: Tampering } = {},
  ) {
    const networkId = options.networkId ?? LUMIERE_ID;
    const host = networkId === LAKESIDE_ID ? 'lakeside.localhost' : 'lumiere.localhost';
    const path =
      options.path ?? (providerId === LUMIERE_FRANCECONNECT ? '/auth/fc/finalize' : '/auth/custom');
    const attempt = await okOf<{ state: string; authorizationUrl: string }>(
      await startAttempt(providerId, page(path, host), networkId),
    );
    provider().signInNext(who, options.tampering);
    return { ...(await provider().authorize(attempt.authorizationUrl)), attempt };
  }

  function exchange(code: string, state: string, networkId = LUMIERE_ID) {
    return testApp.current.call(
      AUTHENTICATION_CALLS.exchangeAuthorizationCodeCall,
      { code, state },
      { networkId },
    );
  }

  /** A verified identity's token: the trip to the provider and the code exchanged. */
  async function verified(
    providerId: number,
    who: Person,
    options: Parameters<typeof codeFrom>[2] = {},
  ): Promise<Exchanged> {
    const { code, state } = await codeFrom(providerId, who, options);
    return okOf<Exchanged>(await exchange(code, state, options.networkId));
  }

  function authenticate(token: string, providerId: number, networkId = LUMIERE_ID) {
    return testApp.current.call(AUTHENTICATION_CALLS.authenticateCall, {
      networkId,
      authProviderToken: token,
      authProviderId: providerId,
      locale: 'en',
    });
  }

  /** Signed in at the provider and back in the shop: the session and its identity tokens. */
  async function signInWith(providerId: number, who: Person, networkId = LUMIERE_ID): Promise<SignedIn> {
    const { authProviderToken } = await verified(providerId, who, { networkId });
    return okOf<SignedIn>(await authenticate(authProviderToken, providerId, networkId));
  }

  return { provider, startAttempt, codeFrom, exchange, verified, authenticate, signInWith };
}
