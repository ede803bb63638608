// Sign-in through the networks' OpenID providers (decision 0044), through the real calls, against an
// OpenID provider over loopback HTTP: the attempt and its return page, every refusal of the code's
// exchange and of the ID token, the sign-in and the account it makes, linking, replacing and
// unlinking identities, the logout at the provider, and what a FranceConnect sign-in changes.
import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { AUTHENTICATION_CALLS } from '@transit-shop/sdk/contract/authentication';
import { CHECKOUT_CALLS } from '@transit-shop/sdk/contract/checkout';
import { IDENTITY_CALLS, type IdentitySession } from '@transit-shop/sdk/contract/identity';
import { ORDER_CALLS } from '@transit-shop/sdk/contract/order';
import { IDENTITY_SANDBOX_PLACEHOLDER } from '@transit-shop/tenancy';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { identities, identityAccounts } from '../../db/schema/identity.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { authorizationAttempts, providerSignIns } from '../../db/schema/sign-in-providers.ts';
import { users } from '../../db/schema/users.ts';
import { sha256Hex } from '../../security/tokens.ts';
import {
  koOf,
  NEW_PASSWORD,
  okOf,
  registerAndLogin,
  uniqueEmail,
} from '../../test-support/account-test-kit.ts';
import { type Person, type Tampering, TEST_ISSUER_PATHS } from '../../test-support/openid-provider.ts';
import {
  type Exchanged,
  LAKESIDE_ID,
  LAKESIDE_KEYCLOAK,
  LUMIERE_FRANCECONNECT,
  LUMIERE_KEYCLOAK,
  page,
  person,
  type SignedIn,
  useProviderSignIn,
} from '../../test-support/provider-sign-in.ts';
import { LOG_ERROR, LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { placing } from '../../test-support/tickets.ts';
import { sweepSignIns } from './sweep-sign-ins.ts';

const CALLS = AUTHENTICATION_CALLS;

const testApp = useTestApp();
const { provider, startAttempt, codeFrom, exchange, verified, authenticate, signInWith } =
  useProviderSignIn(testApp);

const caller = (user: AuthUser) => ({ userToken: user.userToken, userId: user.userId });
const loggingOut = (user: AuthUser) => ({ userToken: user.userToken, user_id: user.userId });

const identitiesOf = async (user: AuthUser, networkId = LUMIERE_ID) =>
  okOf<{ identities: { providerId: number; driver: string; name: string; linkedAt: string }[] }>(
    await testApp.current.call(CALLS.identitiesCall, { ...caller(user), networkId }),
  );

async function userRow(userId: number) {
  const [row] = await testApp.current.deps.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

async function sessionRowOf(userToken: string) {
  const [row] = await testApp.current.deps.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256Hex(userToken)));
  if (!row) throw new Error('no session');
  return row;
}

describe('authentication/authorizationState', () => {
  it("stores the attempt's state, nonce and PKCE verifier, and answers the provider's authorization URL with the S256 challenge", async () => {
    const answer = await okOf<{ state: string; authorizationUrl: string }>(
      await startAttempt(LUMIERE_KEYCLOAK, page('/en/auth/custom')),
    );
    const url = new URL(answer.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider().issuer(TEST_ISSUER_PATHS.lumiere)}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'lumiere-eshop',
      response_type: 'code',
      redirect_uri: page('/en/auth/custom'),
      scope: 'openid profile email',
      state: answer.state,
      code_challenge_method: 'S256',
      // The provider's pages in the language of the shop's page, not the browser's.
      ui_locales: 'en',
    });
    const [attempt] = await testApp.current.deps.db
      .select()
      .from(authorizationAttempts)
      .where(eq(authorizationAttempts.state, answer.state));
    expect(attempt).toMatchObject({ networkId: LUMIERE_ID, providerId: LUMIERE_KEYCLOAK, usedAt: null });
    // The browser sees the challenge and the nonce, never the verifier.
    expect(url.searchParams.get('nonce')).toBe(attempt?.nonce);
    expect(answer.authorizationUrl).not.toContain(attempt?.codeVerifier);
    expect((attempt?.expiresAt.getTime() ?? 0) - testApp.current.clock.now().getTime()).toBe(10 * 60_000);
  });

  it('asks FranceConnect for its pivot identity, at the eIDAS level of a sign-in', async () => {
    const answer = await okOf<{ authorizationUrl: string }>(
      await startAttempt(LUMIERE_FRANCECONNECT, page('/auth/fc/finalize')),
    );
    const query = new URL(answer.authorizationUrl).searchParams;
    expect(query.get('client_id')).toBe('lumiere-eshop-fc');
    expect(query.get('scope')).toBe(
      'openid given_name family_name birthdate gender birthplace birthcountry email preferred_username',
    );
    expect(query.get('acr_values')).toBe('eidas1');
    // A page without a language prefix is in the network's default language (French on Lumière).
    expect(query.get('ui_locales')).toBe('fr');
  });

  it('IDP-03 asks the provider for a fresh sign-in before an unlink or a replace, not before a sign-in', async () => {
    const promptOf = async (providerId: number, path: string) => {
      const answer = await okOf<{ authorizationUrl: string }>(await startAttempt(providerId, page(path)));
      return new URL(answer.authorizationUrl).searchParams.get('prompt');
    };
    expect(await promptOf(LUMIERE_FRANCECONNECT, '/auth/fc/delete-identity')).toBe('login');
    expect(await promptOf(LUMIERE_KEYCLOAK, '/account/identity/replace')).toBe('login');
    expect(await promptOf(LUMIERE_FRANCECONNECT, '/auth/fc/finalize')).toBeNull();
    expect(await promptOf(LUMIERE_KEYCLOAK, '/auth/custom')).toBeNull();
    expect(await promptOf(LUMIERE_KEYCLOAK, '/account/identity/add')).toBeNull();
  });

  it("refuses a return page on another network's domain, off the return pages, or with a query", async () => {
    for (const redirectUri of [
      page('/auth/custom', 'wahat.localhost'),
      page('/auth/custom', 'lumiere.localhost.attacker.example'),
      'https://attacker.example/auth/custom',
      page('/account'),
      page('/de/auth/custom'),
      page('/auth/custom/extra'),
      page('/auth/custom?next=https://attacker.example'),
      page('/auth/custom#fragment'),
      'http://user:pass@lumiere.localhost/auth/custom',
    ]) {
      expect(await koOf(await startAttempt(LUMIERE_KEYCLOAK, redirectUri)), redirectUri).toMatchObject({
        status: 400,
        code: 'INVALID_REQUEST',
        details: { issues: [{ path: 'redirectUri' }] },
      });
    }
    // Any port, either scheme, each language prefix, each of the network's domains.
    for (const redirectUri of [
      'https://shop.lumiere-mobilites.example/ar/account/identity/add',
      'http://lumiere.localhost/it/account/identity/replace',
      page('/es/auth/custom'),
    ]) {
      expect((await startAttempt(LUMIERE_KEYCLOAK, redirectUri)).status, redirectUri).toBe(200);
    }
  });

  it("answers IDENTITY_PROVIDER_NOT_FOUND for another network's provider or an unknown one", async () => {
    for (const providerId of [LAKESIDE_KEYCLOAK, 99]) {
      expect(await koOf(await startAttempt(providerId, page('/account/identity/add')))).toMatchObject({
        status: 404,
        code: 'IDENTITY_PROVIDER_NOT_FOUND',
      });
    }
  });

  it('IDP-05 answers NO_FRANCECONNECT_PROVIDER for a FranceConnect return page on a network without one, or with another provider', async () => {
    for (const path of ['/auth/fc/finalize', '/en/auth/fc/delete-identity']) {
      expect(
        await koOf(await startAttempt(LAKESIDE_KEYCLOAK, page(path, 'lakeside.localhost'), LAKESIDE_ID)),
      ).toMatchObject({
        status: 404,
        code: 'NO_FRANCECONNECT_PROVIDER',
        message: 'There is no FranceConnect provider',
      });
    }
    expect(await koOf(await startAttempt(LUMIERE_KEYCLOAK, page('/auth/fc/finalize')))).toMatchObject({
      code: 'NO_FRANCECONNECT_PROVIDER',
    });
  });

  it("NET-07 signs in on the custom page with the network's default Keycloak provider only", async () => {
    expect(await koOf(await startAttempt(LUMIERE_FRANCECONNECT, page('/auth/custom')))).toMatchObject({
      status: 404,
      code: 'IDENTITY_PROVIDER_NOT_FOUND',
    });
    expect((await startAttempt(LUMIERE_KEYCLOAK, page('/auth/custom'))).status).toBe(200);
  });
});

describe('authentication/exchangeAuthorizationCode', () => {
  it('answers a single-use token for the verified identity, kept ten minutes with its claims and the provider tokens', async () => {
    const who = person({ birthdate: '1990-01-02' });
    const { code, state, iss } = await codeFrom(LUMIERE_KEYCLOAK, who);
    expect(iss).toBe(provider().issuer(TEST_ISSUER_PATHS.lumiere));
    const answer = await okOf<Exchanged>(await exchange(code, state));
    expect(answer).toMatchObject({
      authProviderId: LUMIERE_KEYCLOAK,
      driver: 'KEYCLOAK',
      expiresIn: 600,
      linked: false,
    });
    const [stored] = await testApp.current.deps.db
      .select()
      .from(providerSignIns)
      .where(eq(providerSignIns.tokenHash, sha256Hex(answer.authProviderToken)));
    expect(stored).toMatchObject({
      issuer: `${IDENTITY_SANDBOX_PLACEHOLDER}${TEST_ISSUER_PATHS.lumiere}`,
      subject: who.sub,
      claims: { ...who.claims, birthdate: '1990-01-02' },
      refreshToken: provider().issued[0]?.refreshToken,
      idToken: provider().issued[0]?.idToken,
      usedAt: null,
    });
    // Its client authenticated with its secret, the verifier proved, to the page it left from.
    expect(Object.fromEntries(provider().tokenRequests.at(-1) ?? [])).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'lumiere-eshop',
      client_secret: 'sandbox-secret-lumiere-eshop',
      redirect_uri: page('/auth/custom'),
    });
  });

  const refusedTokens: [string, Tampering][] = [
    ['signed with another key', { signWith: 'another-key' }],
    ['not signed (alg none)', { signWith: 'none' }],
    [
      'expired',
      { claims: { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 } },
    ],
    ['for another client', { claims: { aud: 'someone-else' } }],
    ['of another issuer', { claims: { iss: 'http://127.0.0.1:1/realms/lumiere' } }],
    ["with another attempt's nonce", { claims: { nonce: 'not-the-attempts-nonce' } }],
  ];
  for (const [name, tampering] of refusedTokens) {
    it(`refuses an ID token ${name}: IDENTITY_TOKEN_INVALID, nothing kept`, async () => {
      const before = (await testApp.current.deps.db.select().from(providerSignIns)).length;
      const { code, state } = await codeFrom(LUMIERE_KEYCLOAK, person(), { tampering });
      expect(await koOf(await exchange(code, state))).toMatchObject({
        status: 401,
        code: 'IDENTITY_TOKEN_INVALID',
        message: "The sign-in provider's answer could not be verified",
      });
      expect((await testApp.current.deps.db.select().from(providerSignIns)).length).toBe(before);
      // The refusal is logged without the token it refused.
      const refused = provider().issued[0];
      const logged = JSON.stringify(testApp.current.logs.slice(-5));
      expect(logged).toContain("the sign-in provider's answer was refused");
      for (const secret of [refused?.idToken.split('.')[1], refused?.refreshToken, code])
        expect(logged).not.toContain(secret);
    });
  }

  it("refuses a code obtained for another attempt: the provider checks this attempt's PKCE verifier against the other's challenge", async () => {
    const first = await codeFrom(LUMIERE_KEYCLOAK, person());
    const second = await codeFrom(LUMIERE_KEYCLOAK, person());
    // The first attempt's code brought back with the second's state (an injected code).
    expect(await koOf(await exchange(first.code, second.state))).toMatchObject({
      status: 401,
      code: 'IDENTITY_TOKEN_INVALID',
    });
    expect(provider().tokenRequests.at(-1)?.get('code')).toBe(first.code);
  });

  it('refuses an unknown state, a replayed one, an expired one and one of another network: AUTHORIZATION_STATE_INVALID', async () => {
    const { code, state } = await codeFrom(LUMIERE_KEYCLOAK, person());
    const requests = provider().tokenRequests.length;
    expect(await koOf(await exchange(code, 'a-state-nobody-was-given-0000'))).toMatchObject({
      status: 400,
      code: 'AUTHORIZATION_STATE_INVALID',
    });
    expect(await koOf(await exchange(code, state, LAKESIDE_ID))).toMatchObject({
      code: 'AUTHORIZATION_STATE_INVALID',
    });
    expect(provider().tokenRequests.length).toBe(requests);
    expect((await exchange(code, state)).status).toBe(200);
    expect(await koOf(await exchange(code, state))).toMatchObject({ code: 'AUTHORIZATION_STATE_INVALID' });

    const late = await codeFrom(LUMIERE_KEYCLOAK, person());
    testApp.current.clock.advanceMinutes(11);
    expect(await koOf(await exchange(late.code, late.state))).toMatchObject({
      code: 'AUTHORIZATION_STATE_INVALID',
    });
  });

  it('answers IDENTITY_PROVIDER_UNAVAILABLE when the provider fails on its side', async () => {
    const { code, state } = await codeFrom(LUMIERE_KEYCLOAK, person());
    provider().failTokenEndpoint = 503;
    expect(await koOf(await exchange(code, state))).toMatchObject({
      status: 502,
      code: 'IDENTITY_PROVIDER_UNAVAILABLE',
    });
  });
});

describe('account/authenticate', () => {
  it('a first sign-in makes a verified account from the claims, opens a session naming the provider, and answers the identity tokens', async () => {
    const who = person({ given_name: 'Inès', family_name: 'Moreau' });
    const { user, identity } = await signInWith(LUMIERE_KEYCLOAK, who);
    expect(user).toMatchObject({
      userName: 'Inès',
      userLastname: 'Moreau',
      userMail: who.claims?.email,
      userStatus: 'ACTIVE',
      locale: 'en',
      identities: [{ providerId: LUMIERE_KEYCLOAK }],
      signedInWith: { providerId: LUMIERE_KEYCLOAK, driver: 'KEYCLOAK' },
    });
    expect(user.verifiedAt).not.toBeNull();
    expect(identity.email).toBe(who.claims?.email);
    const session = await sessionRowOf(user.userToken);
    expect(session).toMatchObject({
      authProviderId: LUMIERE_KEYCLOAK,
      providerRefreshToken: provider().issued[0]?.refreshToken,
      providerIdToken: provider().issued[0]?.idToken,
    });
    expect(session.signInId).not.toBeNull();
    // The answer's identity tokens are the account's, of the session's sign-in.
    expect(
      await okOf(await testApp.current.call(IDENTITY_CALLS.lookup, { idToken: identity.idToken })),
    ).toMatchObject({
      localId: identity.localId,
      email: who.claims?.email,
      emailVerified: true,
      hasPassword: false,
    });
    // getUser answers the session's provider too.
    const { user: again } = await okOf<{ user: AuthUser }>(
      await testApp.current.call(ACCOUNT_CALLS.getUser, { ...caller(user), networkId: LUMIERE_ID }),
    );
    expect(again.signedInWith).toEqual({ providerId: LUMIERE_KEYCLOAK, driver: 'KEYCLOAK' });
  });

  it('a second sign-in of the same identity signs the same account in; a spent token is refused', async () => {
    const who = person();
    const first = await signInWith(LUMIERE_KEYCLOAK, who);
    const { authProviderToken, linked } = await verified(LUMIERE_KEYCLOAK, who);
    expect(linked).toBe(true);
    const { user } = await okOf<SignedIn>(await authenticate(authProviderToken, LUMIERE_KEYCLOAK));
    expect(user.userId).toBe(first.user.userId);
    expect(user.userToken).not.toBe(first.user.userToken);
    expect(await koOf(await authenticate(authProviderToken, LUMIERE_KEYCLOAK))).toMatchObject({
      status: 400,
      code: 'AUTHORIZATION_STATE_INVALID',
    });
  });

  it('of two calls at once with one token, or with one state, one only goes through (on PostgreSQL too)', async () => {
    const { code, state } = await codeFrom(LUMIERE_KEYCLOAK, person());
    const exchanges = await Promise.all([exchange(code, state), exchange(code, state)]);
    expect(exchanges.map((response) => response.status).sort()).toEqual([200, 400]);
    const exchanged = exchanges.find((response) => response.status === 200);
    const { authProviderToken } = await okOf<Exchanged>(exchanged as Response);
    const signIns = await Promise.all([
      authenticate(authProviderToken, LUMIERE_KEYCLOAK),
      authenticate(authProviderToken, LUMIERE_KEYCLOAK),
      authenticate(authProviderToken, LUMIERE_KEYCLOAK),
    ]);
    expect(signIns.map((response) => response.status).sort()).toEqual([200, 400, 400]);
  });

  it('refuses a token on another network, for another provider, or after its ten minutes', async () => {
    const { authProviderToken } = await verified(LUMIERE_KEYCLOAK, person());
    expect(await koOf(await authenticate(authProviderToken, LAKESIDE_KEYCLOAK, LAKESIDE_ID))).toMatchObject({
      code: 'AUTHORIZATION_STATE_INVALID',
    });
    expect(await koOf(await authenticate(authProviderToken, LUMIERE_FRANCECONNECT))).toMatchObject({
      code: 'AUTHORIZATION_STATE_INVALID',
    });
    testApp.current.clock.advanceMinutes(11);
    expect(await koOf(await authenticate(authProviderToken, LUMIERE_KEYCLOAK))).toMatchObject({
      code: 'AUTHORIZATION_STATE_INVALID',
    });
  });

  it('an identity whose email an account holds answers ACCOUNT_OTHER_PROVIDER; once that account signs in with its password, it links the identity', async () => {
    const registered = await registerAndLogin(testApp.current);
    const who = person({ email: registered.email.toUpperCase() });
    const { authProviderToken } = await verified(LUMIERE_KEYCLOAK, who);
    expect(await koOf(await authenticate(authProviderToken, LUMIERE_KEYCLOAK))).toMatchObject({
      status: 409,
      code: 'ACCOUNT_OTHER_PROVIDER',
    });
    // Nothing linked by the email alone, and the token is still good for the link.
    expect((await identitiesOf(registered.user)).identities).toEqual([]);
    const linked = await okOf<{ identities: { providerId: number; driver: string; name: string }[] }>(
      await testApp.current.call(CALLS.createIdentityCall, {
        ...caller(registered.user),
        networkId: LUMIERE_ID,
        authProviderToken,
      }),
    );
    expect(linked.identities).toMatchObject([
      { providerId: LUMIERE_KEYCLOAK, driver: 'KEYCLOAK', name: 'Compte Lumière' },
    ]);
    const { user } = await signInWith(LUMIERE_KEYCLOAK, who);
    expect(user.userId).toBe(registered.user.userId);
  });
});

describe('account/identities, createIdentity and deleteIdentity', () => {
  it("lists the account's identities at this network's providers only, with name, driver and when linked", async () => {
    const { user } = await signInWith(LUMIERE_KEYCLOAK, person());
    const { identities: listed } = await identitiesOf(user);
    expect(listed).toEqual([
      {
        providerId: LUMIERE_KEYCLOAK,
        driver: 'KEYCLOAK',
        name: 'Compte Lumière',
        linkedAt: testApp.current.clock.now().toISOString(),
      },
    ]);
  });

  it('refuses an identity linked to another account: IDENTITY_ALREADY_LINKED', async () => {
    const who = person();
    await signInWith(LUMIERE_KEYCLOAK, who);
    const other = await registerAndLogin(testApp.current);
    const { authProviderToken } = await verified(LUMIERE_KEYCLOAK, who, { path: '/account/identity/add' });
    expect(
      await koOf(
        await testApp.current.call(CALLS.createIdentityCall, {
          ...caller(other.user),
          networkId: LUMIERE_ID,
          authProviderToken,
        }),
      ),
    ).toMatchObject({ status: 409, code: 'IDENTITY_ALREADY_LINKED' });
    expect((await identitiesOf(other.user)).identities).toEqual([]);
  });

  it('a second identity at the same provider is refused unless it replaces the first; replace without one is refused', async () => {
    const registered = await registerAndLogin(testApp.current);
    const link = async (who: Person, replace?: boolean) => {
      const { authProviderToken } = await verified(LUMIERE_KEYCLOAK, who, { path: '/account/identity/add' });
      return testApp.current.call(CALLS.createIdentityCall, {
        ...caller(registered.user),
        networkId: LUMIERE_ID,
        authProviderToken,
        ...(replace === undefined ? {} : { replace }),
      });
    };
    const first = person();
    const second = person();
    expect(await koOf(await link(first, true))).toMatchObject({ status: 404, code: 'IDENTITY_NOT_LINKED' });
    expect((await link(first)).status).toBe(200);
    expect(await koOf(await link(second))).toMatchObject({
      status: 409,
      code: 'IDENTITY_PROVIDER_ALREADY_LINKED',
    });
    expect((await link(second, true)).status).toBe(200);
    const rows = await testApp.current.deps.db
      .select()
      .from(identities)
      .where(eq(identities.userId, registered.user.userId));
    expect(rows.map((row) => row.subject)).toEqual([second.sub]);
    // The replaced identity signs in an account of its own now.
    const { user } = await signInWith(LUMIERE_KEYCLOAK, first);
    expect(user.userId).not.toBe(registered.user.userId);
  });

  it('IDP-03 unlinks only with a fresh sign-in as the linked identity, once the account has its own email and password', async () => {
    const who = person();
    const { user, identity } = await signInWith(LUMIERE_FRANCECONNECT, who);
    const unlink = async (signedAs: Person) => {
      const { authProviderToken } = await verified(LUMIERE_FRANCECONNECT, signedAs, {
        path: '/auth/fc/delete-identity',
      });
      return testApp.current.call(CALLS.deleteIdentityCall, {
        ...caller(user),
        networkId: LUMIERE_ID,
        authProviderId: LUMIERE_FRANCECONNECT,
        authProviderToken,
      });
    };
    expect(await koOf(await unlink(person()))).toMatchObject({ status: 403, code: 'IDENTITY_MISMATCH' });
    expect(await koOf(await unlink(who))).toMatchObject({ status: 409, code: 'IDENTITY_PASSWORD_REQUIRED' });

    // The account's own email and password, set with the identity tokens the sign-in answered: the
    // one change of email FranceConnect's account takes (IDP-01), the credentials it keeps after.
    const ownEmail = uniqueEmail('own');
    const own = await okOf<IdentitySession>(
      await testApp.current.call(IDENTITY_CALLS.update, {
        idToken: identity.idToken,
        email: ownEmail,
        password: NEW_PASSWORD,
      }),
    );
    expect(own.email).toBe(ownEmail);
    expect(
      await koOf(
        await testApp.current.call(IDENTITY_CALLS.update, {
          idToken: own.idToken,
          email: uniqueEmail('another'),
          currentPassword: NEW_PASSWORD,
        }),
      ),
    ).toMatchObject({ code: 'IDENTITY_DETAILS_READ_ONLY' });
    // A token of another provider is no proof either.
    const { authProviderToken: keycloakToken } = await verified(LUMIERE_KEYCLOAK, who);
    expect(
      await koOf(
        await testApp.current.call(CALLS.deleteIdentityCall, {
          ...caller(user),
          networkId: LUMIERE_ID,
          authProviderId: LUMIERE_FRANCECONNECT,
          authProviderToken: keycloakToken,
        }),
      ),
    ).toMatchObject({ code: 'IDENTITY_MISMATCH' });

    expect(await okOf(await unlink(who))).toEqual({ identities: [] });
    // The session no longer counts as FranceConnect's, and the password signs the account in.
    const { user: after } = await okOf<{ user: AuthUser }>(
      await testApp.current.call(ACCOUNT_CALLS.getUser, { ...caller(user), networkId: LUMIERE_ID }),
    );
    expect(after).toMatchObject({ identities: [], signedInWith: null });
    expect(
      (
        await testApp.current.call(IDENTITY_CALLS.signInWithPassword, {
          email: ownEmail,
          password: NEW_PASSWORD,
          networkId: LUMIERE_ID,
        })
      ).status,
    ).toBe(200);
    expect(
      await koOf(
        await testApp.current.call(CALLS.deleteIdentityCall, {
          ...caller(user),
          networkId: LUMIERE_ID,
          authProviderId: LUMIERE_FRANCECONNECT,
          authProviderToken: (
            await verified(LUMIERE_FRANCECONNECT, who, { path: '/auth/fc/delete-identity' })
          ).authProviderToken,
        }),
      ),
    ).toMatchObject({ code: 'IDENTITY_NOT_LINKED' });
  });
});

describe('authentication/logout', () => {
  /** As the web app sends it: the logout page, marked as the return leg of a provider's logout. */
  const logout = (user: AuthUser, postLogoutRedirectUri = page('/en/auth/logout?ended=provider')) =>
    testApp.current.call(CALLS.providerLogoutCall, { ...caller(user), postLogoutRedirectUri });

  it("ends a Keycloak session with the provider's logout form, and forgets the provider's tokens", async () => {
    const { user } = await signInWith(LUMIERE_KEYCLOAK, person());
    const refreshToken = provider().issued[0]?.refreshToken;
    expect(await okOf(await logout(user))).toEqual({ endSessionUrl: null });
    const posted = provider().logouts.at(-1);
    expect(posted?.issuerPath).toBe(TEST_ISSUER_PATHS.lumiere);
    expect(Object.fromEntries(posted?.form ?? [])).toEqual({
      grant_type: 'refresh_token',
      client_id: 'lumiere-eshop',
      client_secret: 'sandbox-secret-lumiere-eshop',
      refresh_token: refreshToken,
    });
    expect(await sessionRowOf(user.userToken)).toMatchObject({
      authProviderId: LUMIERE_KEYCLOAK,
      providerRefreshToken: null,
      providerIdToken: null,
    });
    expect((await testApp.current.call(ACCOUNT_CALLS.logout, loggingOut(user))).status).toBe(200);
  });

  it("a provider that fails to log out does not stop the shop's logout", async () => {
    const { user } = await signInWith(LUMIERE_KEYCLOAK, person());
    provider().failLogout = 500;
    const seen = testApp.current.logs.length;
    expect(await okOf(await logout(user))).toEqual({ endSessionUrl: null });
    const logged = testApp.current.logs.slice(seen);
    expect(logged.map((line) => line.msg)).toContain(
      'the session could not be ended at its sign-in provider',
    );
    expect(logged.filter((line) => line.level >= LOG_ERROR)).toEqual([]);
    expect((await testApp.current.call(ACCOUNT_CALLS.logout, loggingOut(user))).status).toBe(200);
  });

  it("answers FranceConnect's end-session page with the ID token, the shop's logout page and a state", async () => {
    const { user } = await signInWith(LUMIERE_FRANCECONNECT, person());
    const idToken = provider().issued[0]?.idToken;
    const { endSessionUrl } = await okOf<{ endSessionUrl: string }>(await logout(user));
    const url = new URL(endSessionUrl);
    expect(`${url.origin}${url.pathname}`).toBe(
      `${provider().issuer(TEST_ISSUER_PATHS.franceConnect)}/session/end`,
    );
    expect(url.searchParams.get('id_token_hint')).toBe(idToken);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(page('/en/auth/logout?ended=provider'));
    expect(url.searchParams.get('client_id')).toBe('lumiere-eshop-fc');
    expect(url.searchParams.get('state')?.length).toBeGreaterThan(16);
    // Asked again, there is nothing left to end at the provider.
    expect(await okOf(await logout(user))).toEqual({ endSessionUrl: null });
  });

  it("refuses a return page off the network's logout page; a password session has nothing to end at a provider", async () => {
    const { user } = await signInWith(LUMIERE_FRANCECONNECT, person());
    for (const uri of [
      page('/auth/logout', 'attacker.example'),
      page('/auth/custom'),
      page('/auth/logout#fragment'),
      'http://user@lumiere.localhost/auth/logout',
    ]) {
      expect(await koOf(await logout(user, uri))).toMatchObject({
        code: 'INVALID_REQUEST',
        details: { issues: [{ path: 'postLogoutRedirectUri' }] },
      });
    }
    const { user: withPassword } = await registerAndLogin(testApp.current);
    expect(withPassword.signedInWith).toBeNull();
    expect(await okOf(await logout(withPassword))).toEqual({ endSessionUrl: null });
  });

  it("the shop's logout forgets the provider's tokens of the session", async () => {
    const { user } = await signInWith(LUMIERE_KEYCLOAK, person());
    expect((await testApp.current.call(ACCOUNT_CALLS.logout, loggingOut(user))).status).toBe(200);
    expect(await sessionRowOf(user.userToken)).toMatchObject({
      providerRefreshToken: null,
      providerIdToken: null,
    });
  });
});

describe('a FranceConnect sign-in', () => {
  it('IDP-01 writes the pivot identity to the account at each sign-in, and keeps names, birth date and email read-only', async () => {
    const who = person({ given_name: 'Angela Claire', family_name: 'Dubois', birthdate: '1962-08-24' });
    const { user, identity } = await signInWith(LUMIERE_FRANCECONNECT, who);
    expect(user).toMatchObject({
      userName: 'Angela Claire',
      userLastname: 'Dubois',
      userBirthday: '1962-08-24',
      userMail: who.claims?.email,
      signedInWith: { providerId: LUMIERE_FRANCECONNECT, driver: 'FRANCECONNECT' },
    });

    const update = (changes: Record<string, unknown>) =>
      testApp.current.call(ACCOUNT_CALLS.updateAccount, { ...caller(user), ...changes });
    for (const changes of [
      { userName: 'Angie' },
      { userLastname: 'Martin' },
      { userBirthday: '1970-01-01' },
      { email: uniqueEmail(), password: 'Whatever-1!' },
    ]) {
      expect(await koOf(await update(changes)), JSON.stringify(changes)).toMatchObject({
        status: 403,
        code: 'IDENTITY_DETAILS_READ_ONLY',
      });
    }
    // The same values again (a whole form sent back) and the other fields are the account's own.
    expect(
      (
        await update({
          userName: 'Angela Claire',
          userLastname: 'Dubois',
          userPhoneNumber: '+33 6 12 34 56 78',
        })
      ).status,
    ).toBe(200);
    expect(
      await koOf(
        await testApp.current.call(IDENTITY_CALLS.update, {
          idToken: identity.idToken,
          email: uniqueEmail(),
        }),
      ),
    ).toMatchObject({ status: 403, code: 'IDENTITY_DETAILS_READ_ONLY' });

    // FranceConnect's identity changed: the next sign-in writes it.
    const renamed: Person = {
      sub: who.sub,
      claims: { ...who.claims, family_name: 'Dubois-Roux', email: uniqueEmail('renamed') },
    };
    const { user: again } = await signInWith(LUMIERE_FRANCECONNECT, renamed);
    expect(again).toMatchObject({
      userId: user.userId,
      userName: 'Angela Claire',
      userLastname: 'Dubois-Roux',
      userMail: renamed.claims?.email,
      userPhoneNumber: '+33 6 12 34 56 78',
    });
    const [account] = await testApp.current.deps.db
      .select()
      .from(identityAccounts)
      .where(eq(identityAccounts.userId, user.userId));
    expect(account?.email).toBe(renamed.claims?.email);
    expect((await userRow(user.userId)).verifiedAt).not.toBeNull();
  });

  it('IDP-01 linking FranceConnect to an account with a password writes its details too', async () => {
    const registered = await registerAndLogin(testApp.current, { firstName: 'Jo', lastName: 'Smith' });
    const who = person({ given_name: 'Joséphine', family_name: 'Smith', email: registered.email });
    const { authProviderToken } = await verified(LUMIERE_FRANCECONNECT, who, {
      path: '/account/identity/add',
    });
    await okOf(
      await testApp.current.call(CALLS.createIdentityCall, {
        ...caller(registered.user),
        networkId: LUMIERE_ID,
        authProviderToken,
      }),
    );
    expect(await userRow(registered.user.userId)).toMatchObject({
      firstName: 'Joséphine',
      lastName: 'Smith',
    });
  });

  it('CAT-03 refuses a ticket on the phone after a FranceConnect sign-in, and takes a transport card', async () => {
    const { user } = await signInWith(LUMIERE_FRANCECONNECT, person());
    const verify = (support: string) =>
      testApp.current.call(ORDER_CALLS.verify, {
        ...caller(user),
        networkId: LUMIERE_ID,
        articles: [{ shopItemId: 1101, quantity: 1, support }],
      });
    expect(await koOf(await verify('DEMATERIALIZED'))).toMatchObject({
      status: 409,
      code: 'SUPPORT_NOT_OFFERED',
      message: 'This delivery is not offered for this product',
      details: { issues: [{ path: 'articles.0.support' }] },
    });
    expect((await verify('PHYSICAL')).status).toBe(200);
    const buyer = { token: user.userToken, user: { id: user.userId } } as Parameters<typeof placing>[0];
    expect(
      await koOf(
        await testApp.current.call(CHECKOUT_CALLS.placeOrder, { ...placing(buyer), paymentMethod: 'CARD' }),
      ),
    ).toMatchObject({ code: 'SUPPORT_NOT_OFFERED' });

    // The same article for a Keycloak sign-in.
    const { user: keycloakUser } = await signInWith(LUMIERE_KEYCLOAK, person());
    expect(
      (
        await testApp.current.call(ORDER_CALLS.verify, {
          ...caller(keycloakUser),
          networkId: LUMIERE_ID,
          articles: [{ shopItemId: 1101, quantity: 1, support: 'DEMATERIALIZED' }],
        })
      ).status,
    ).toBe(200);
  });
});

describe('the hourly sweep', () => {
  it('clears attempts and verified identities past their time, and the provider tokens of sessions ended by expiry', async () => {
    const { db } = testApp.current.deps;
    const { user } = await signInWith(LUMIERE_KEYCLOAK, person());
    await verified(LUMIERE_KEYCLOAK, person());
    await startAttempt(LUMIERE_KEYCLOAK, page('/auth/custom'));
    expect((await sessionRowOf(user.userToken)).providerRefreshToken).not.toBeNull();

    // Within the hour after their ten minutes, a late replay is still told what became of them.
    const clock = testApp.current.clock;
    clock.advanceMinutes(30);
    await sweepSignIns(db, clock.now());
    expect((await db.select().from(authorizationAttempts)).length).toBeGreaterThan(0);
    clock.advanceMinutes(41);
    expect(await sweepSignIns(db, clock.now())).toBeGreaterThan(0);
    expect(await db.select().from(authorizationAttempts)).toEqual([]);
    expect(await db.select().from(providerSignIns)).toEqual([]);
    // The session ended when it stayed idle an hour.
    expect(await sessionRowOf(user.userToken)).toMatchObject({
      providerRefreshToken: null,
      providerIdToken: null,
    });
  });
});
