// The session machine with the app's actors: the real sdk client on a fake ticket backend, the
// real cookies and local storage of the browser.
import { getUserCall } from '@transit-shop/sdk/contract/account';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { fixtureBootstrap } from '../../test/fixtures/bootstrap.ts';
import { calledPaths, createTestSession, fixtureUser, identityAnswer } from '../../test/session.ts';
import { readIdentityCookie, readTicketCookie } from '../cookies.ts';
import { forgetWalletStore, keepTickets, keptTickets, type WalletHolder } from '../kept-tickets.ts';
import { providerPage } from '../provider-page.ts';
import { queryClient } from '../query-client.tsx';
import { readProviderCookie } from './provider-cookie.ts';
import {
  hasCustomProvider,
  isProviderLogoutReturn,
  providerLogoutReturnUri,
  settle,
} from './session-runtime.ts';
import { readSessionStatus } from './session-status.ts';
import { userQueryKey } from './user-query-key.ts';

const signIn = { type: 'SIGN_IN', email: 'lea@example.org', password: 'secret' } as const;

describe('the session with its calls', () => {
  it('AUTH-01 signs in: identity/signInWithPassword, then Account/login.json with the token, ESHOP and the locale', async () => {
    const user = fixtureUser();
    const { runtime, calls } = createTestSession({
      handlers: {
        'identity/signInWithPassword': () => identityAnswer('lea'),
        'Account/login.json': () => ({ ok: { user } }),
      },
    });
    const after = await settle(runtime, signIn);
    expect(after.matches('loggedIn')).toBe(true);
    expect(calledPaths(calls)).toEqual(['identity/signInWithPassword', 'Account/login.json']);
    expect(calls[0]?.payload).toMatchObject({ email: 'lea@example.org', password: 'secret', networkId: 7 });
    expect(calls[1]?.payload).toMatchObject({
      firebase_token: 'id-lea',
      network_id: 7,
      originType: 'ESHOP',
      locale: expect.stringMatching(/^(fr|en|ar|it|es)$/),
    });
    expect(calls[1]?.payload).not.toHaveProperty('authAsGuest');
    expect(calls.every((call) => call.signed)).toBe(true);
    // The login's user is the current user: no second call for it.
    expect(runtime.queryClient.getQueryData(userQueryKey(7))).toEqual(user);
    expect(readSessionStatus()).toBe('loggedIn');
  });

  it('AUTH-13 the identity cookie is SameSite=Strict and the user ticket cookie SameSite=Lax, both 10 years', async () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    const { runtime } = createTestSession({
      handlers: {
        'identity/signInWithPassword': () => identityAnswer('lea'),
        'Account/login.json': () => ({ ok: { user: fixtureUser() } }),
      },
    });
    await settle(runtime, signIn);
    const tenYears = 'Max-Age=315360000; Path=/';
    expect(written).toHaveBeenCalledWith(
      `identity=${encodeURIComponent(JSON.stringify({ idToken: 'id-lea', refreshToken: 'refresh-lea' }))}; ${tenYears}; SameSite=Strict`,
    );
    expect(written).toHaveBeenCalledWith(
      `ticket=${encodeURIComponent(JSON.stringify({ userToken: 'token-7', userId: 7, guest: false }))}; ${tenYears}; SameSite=Lax`,
    );
    expect(readTicketCookie()).toEqual({ userToken: 'token-7', userId: 7, guest: false });
    expect(readIdentityCookie()).toEqual({ idToken: 'id-lea', refreshToken: 'refresh-lea' });
  });

  it('AUTH-13 the session of an earlier visit comes back from the cookies and signs the calls', async () => {
    const user = fixtureUser();
    const { runtime, calls } = createTestSession({ signedInAs: user });
    expect(runtime.actor.getSnapshot().matches('loggedIn')).toBe(true);
    await runtime.client.call(getUserCall, {});
    expect(calls[0]?.payload).toMatchObject({ userToken: 'token-7', userId: 7, networkId: 7 });
  });

  it('AUTH-02 a login answer without a user: "The response did not contain the user", still signed out', async () => {
    const { runtime } = createTestSession({
      handlers: {
        'identity/signInWithPassword': () => identityAnswer('lea'),
        'Account/login.json': () => ({ ok: {} }),
      },
    });
    const after = await settle(runtime, signIn);
    expect(after.matches('signedOut')).toBe(true);
    expect(after.context.error).toMatchObject({
      code: 'LOGIN_NO_USER',
      message: 'The response did not contain the user',
    });
    expect(readTicketCookie()).toBeUndefined();
  });

  it('AUTH-03 a login answering profiles asks for a choice, then logs in with user_id', async () => {
    const profiles = [
      {
        userId: 7,
        userName: 'Léa',
        userLastname: 'Martin',
        userBirthday: null,
        cardNumber: null,
        active: true,
        signInEmail: null,
      },
      {
        userId: 8,
        userName: 'Tom',
        userLastname: 'Martin',
        userBirthday: null,
        cardNumber: null,
        active: true,
        signInEmail: null,
      },
    ];
    const { runtime, calls } = createTestSession({
      handlers: {
        'identity/signInWithPassword': () => identityAnswer('lea'),
        'Account/login.json': (payload) =>
          payload.user_id
            ? { ok: { user: fixtureUser({ userId: 8, userToken: 'token-8' }) } }
            : { ok: { profiles } },
      },
    });
    const choosing = await settle(runtime, signIn);
    expect(choosing.matches('choosingProfile')).toBe(true);
    expect(choosing.context.profiles?.map((profile) => profile.userId)).toEqual([7, 8]);
    const after = await settle(runtime, { type: 'CHOOSE_PROFILE', userId: 8 });
    expect(after.matches('loggedIn')).toBe(true);
    expect(calls.at(-1)?.payload).toMatchObject({ firebase_token: 'id-lea', user_id: 8 });
    expect(readTicketCookie()).toMatchObject({ userId: 8 });
  });

  it('AUTH-04 a guest start: an anonymous identity, a login with authAsGuest, not counted as logged in', async () => {
    const guest = fixtureUser({
      userId: 90,
      userToken: 'token-90',
      userStatus: 'GUEST',
      authAsGuest: true,
      userMail: null,
      userName: null,
      userLastname: null,
    });
    const { runtime, calls } = createTestSession({
      handlers: {
        'identity/signUp': () => identityAnswer('guest'),
        'Account/login.json': () => ({ ok: { user: guest } }),
      },
    });
    const after = await settle(runtime, { type: 'START_GUEST' });
    expect(after.matches('guest')).toBe(true);
    expect(calls[0]?.payload).not.toHaveProperty('email');
    expect(calls[1]?.payload).toMatchObject({ firebase_token: 'id-guest', authAsGuest: true });
    expect(readTicketCookie()).toEqual({ userToken: 'token-90', userId: 90, guest: true });
    expect(readSessionStatus()).toBe('guest');
  });

  it('AUTH-07 logout: Account/logout.json for a logged-in user, then local storage, cookies, cart and tunnel cleared', async () => {
    const { runtime, calls } = createTestSession({
      signedInAs: fixtureUser(),
      handlers: { 'Account/logout.json': () => ({ ok: {} }) },
    });
    localStorage.setItem('cart', JSON.stringify({ items: [1] }));
    localStorage.setItem('tunnel', JSON.stringify({ passengers: [] }));
    sessionStorage.setItem('mediaForSignIn', JSON.stringify({ mediaNumber: '2501000000000001' }));
    queryClient.setQueryData(userQueryKey(7), fixtureUser());
    const after = await settle(runtime, { type: 'LOGOUT' });
    expect(after.matches('signedOut')).toBe(true);
    expect(calledPaths(calls)).toEqual(['Account/logout.json']);
    expect(calls[0]?.payload).toMatchObject({ user_id: 7, userToken: 'token-7' });
    expect(localStorage.getItem('cart')).toBeNull();
    expect(localStorage.getItem('tunnel')).toBeNull();
    expect(sessionStorage.getItem('mediaForSignIn')).toBeNull();
    expect(readTicketCookie()).toBeUndefined();
    expect(readIdentityCookie()).toBeUndefined();
    expect(queryClient.getQueryData(userQueryKey(7))).toBeUndefined();
    expect(readSessionStatus()).toBe('signedOut');
  });

  it('AUTH-07 logout forgets the wallet’s tickets kept on this phone, the user’s and a guest order’s alike', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    forgetWalletStore();
    const user: WalletHolder = { kind: 'user', networkId: 7, userId: 7 };
    const guest: WalletHolder = { kind: 'guest', networkId: 7, reference: 'T-REF' };
    const kept = { tickets: [], syncedAt: '2026-11-27T08:00:00.000Z' };
    await keepTickets(user, kept);
    await keepTickets(guest, kept);
    expect(await keptTickets(user)).toEqual(kept);
    const { runtime } = createTestSession({
      signedInAs: fixtureUser(),
      handlers: { 'Account/logout.json': () => ({ ok: {} }) },
    });
    await settle(runtime, { type: 'LOGOUT' });
    expect(await keptTickets(user)).toBeNull();
    expect(await keptTickets(guest)).toBeNull();
    vi.unstubAllGlobals();
    forgetWalletStore();
  });

  it('AUTH-07 a guest logout clears everything without calling the server', async () => {
    const { runtime, calls } = createTestSession({
      signedInAs: fixtureUser({ userId: 90, userToken: 'token-90', authAsGuest: true, userStatus: 'GUEST' }),
    });
    localStorage.setItem('cart', '{}');
    await settle(runtime, { type: 'LOGOUT' });
    expect(calls).toEqual([]);
    expect(localStorage.getItem('cart')).toBeNull();
    expect(readTicketCookie()).toBeUndefined();
  });

  const networkWith = (driver: 'KEYCLOAK' | 'FRANCECONNECT', isDefault: boolean) =>
    fixtureBootstrap({
      network: {
        ...fixtureBootstrap().network,
        authenticationProviders: [{ id: 1, driver, isDefault, name: 'Provider' }],
      },
    });
  const franceConnect = { providerId: 3, driver: 'FRANCECONNECT' } as const;
  const identitySession = {
    idToken: 'id-fc',
    refreshToken: 'refresh-fc',
    expiresIn: 3600,
    localId: 'fc',
    email: null,
  };

  it.each([
    { driver: 'KEYCLOAK', isDefault: true, applies: true },
    { driver: 'KEYCLOAK', isDefault: false, applies: false },
    { driver: 'FRANCECONNECT', isDefault: true, applies: false },
  ] as const)(
    'NET-07 the custom provider applies only when the default provider’s driver is KEYCLOAK: $driver, default $isDefault',
    async ({ driver, isDefault, applies }) => {
      const bootstrap = networkWith(driver, isDefault);
      expect(hasCustomProvider(bootstrap.network)).toBe(applies);
      // A logout of a session opened with the network's Keycloak ends it there first only where it
      // applies (AUTH-07); the ticket API ends a KEYCLOAK session itself, nothing to visit.
      const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
      const { runtime, calls } = createTestSession({
        bootstrap,
        signedInAs: fixtureUser({ signedInWith: { providerId: 1, driver: 'KEYCLOAK' } }),
        handlers: {
          'authentication/logout': () => ({ ok: { endSessionUrl: null } }),
          'Account/logout.json': () => ({ ok: {} }),
        },
      });
      const after = await settle(runtime, { type: 'LOGOUT' });
      expect(after.matches('signedOut')).toBe(true);
      expect(calledPaths(calls)).toEqual(
        applies ? ['authentication/logout', 'Account/logout.json'] : ['Account/logout.json'],
      );
      expect(open).not.toHaveBeenCalled();
    },
  );

  it('AUTH-07 a session opened by password is not logged out at the provider, even where the custom provider applies', async () => {
    const { runtime, calls } = createTestSession({
      bootstrap: networkWith('KEYCLOAK', true),
      signedInAs: fixtureUser(),
      handlers: { 'Account/logout.json': () => ({ ok: {} }) },
    });
    await settle(runtime, { type: 'LOGOUT' });
    expect(calledPaths(calls)).toEqual(['Account/logout.json']);
  });

  it('signs in with a provider’s verified identity: account/authenticate, the user cached, both cookies with the provider', async () => {
    const user = fixtureUser({ signedInWith: franceConnect });
    const { runtime, calls } = createTestSession({
      handlers: { 'account/authenticate': () => ({ ok: { user, identity: identitySession } }) },
    });
    const after = await settle(runtime, {
      type: 'SIGN_IN_WITH_PROVIDER',
      authProviderToken: 'provider-token-0123456789',
      authProviderId: 3,
    });
    expect(after.matches('loggedIn')).toBe(true);
    expect(calledPaths(calls)).toEqual(['account/authenticate']);
    expect(calls[0]?.payload).toMatchObject({
      authProviderToken: 'provider-token-0123456789',
      authProviderId: 3,
      networkId: 7,
      originType: 'ESHOP',
      locale: expect.stringMatching(/^(fr|en|ar|it|es)$/),
    });
    expect(calls[0]?.signed).toBe(true);
    expect(runtime.queryClient.getQueryData(userQueryKey(7))).toEqual(user);
    expect(readIdentityCookie()).toEqual({ idToken: 'id-fc', refreshToken: 'refresh-fc' });
    expect(readTicketCookie()).toEqual({ userToken: 'token-7', userId: 7, guest: false });
    expect(readProviderCookie()).toEqual(franceConnect);
  });

  it('AUTH-09 a provider sign-in refused with ACCOUNT_OTHER_PROVIDER leaves the session signed out with that error', async () => {
    const { runtime } = createTestSession({
      handlers: {
        'account/authenticate': () => ({ ko: { code: 'ACCOUNT_OTHER_PROVIDER' }, status: 409 }),
      },
    });
    const after = await settle(runtime, {
      type: 'SIGN_IN_WITH_PROVIDER',
      authProviderToken: 'provider-token-0123456789',
      authProviderId: 3,
    });
    expect(after.matches('signedOut')).toBe(true);
    expect(after.context.error).toMatchObject({ code: 'ACCOUNT_OTHER_PROVIDER' });
    expect(readTicketCookie()).toBeUndefined();
  });

  it('AUTH-07 a FranceConnect session: authentication/logout then Account/logout.json, all cleared, then the browser goes to FranceConnect and comes back to /auth/logout marked', async () => {
    const endSessionUrl = 'https://franceconnect.example/session/end?id_token_hint=abc&state=xyz';
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const { runtime, calls } = createTestSession({
      signedInAs: fixtureUser({ signedInWith: franceConnect }),
      handlers: {
        'authentication/logout': () => ({ ok: { endSessionUrl } }),
        'Account/logout.json': () => ({ ok: {} }),
      },
    });
    localStorage.setItem('cart', '{}');
    runtime.actor.send({ type: 'LOGOUT' });
    await waitFor(runtime.actor, (snapshot) => snapshot.matches({ loggingOut: 'leavingForProvider' }));
    expect(open.mock.calls).toEqual([[endSessionUrl]]);
    expect(calledPaths(calls)).toEqual(['authentication/logout', 'Account/logout.json']);
    const postLogoutRedirectUri = String(calls[0]?.payload.postLogoutRedirectUri);
    expect(calls[0]?.payload).toMatchObject({ userToken: 'token-7', userId: 7 });
    expect(isProviderLogoutReturn(new URL(postLogoutRedirectUri))).toBe(true);
    expect(new URL(postLogoutRedirectUri).pathname).toMatch(/^(\/(en|ar|it|es))?\/auth\/logout$/);
    // Signed out here before leaving: a rider who never comes back is not left signed in.
    expect(readTicketCookie()).toBeUndefined();
    expect(readProviderCookie()).toBeUndefined();
    expect(readIdentityCookie()).toBeUndefined();
    expect(localStorage.getItem('cart')).toBeNull();
    expect(readSessionStatus()).toBe('signedOut');
  });

  it('the return leg of a provider’s logout is /auth/logout with its mark, in the page’s language', () => {
    const uri = providerLogoutReturnUri('en', 'https://shop.example');
    expect(uri).toBe('https://shop.example/en/auth/logout?ended=provider');
    expect(isProviderLogoutReturn(new URL(uri))).toBe(true);
    expect(isProviderLogoutReturn(new URL('https://shop.example/en/auth/logout'))).toBe(false);
  });

  it('IDP-03 new identity tokens of the signed-in account are written to the identity cookie', async () => {
    const { runtime } = createTestSession({ signedInAs: fixtureUser({ signedInWith: franceConnect }) });
    const after = await settle(runtime, {
      type: 'IDENTITY_CHANGED',
      identity: { idToken: 'id-new', refreshToken: 'refresh-new' },
    });
    expect(after.matches('loggedIn')).toBe(true);
    expect(readIdentityCookie()).toEqual({ idToken: 'id-new', refreshToken: 'refresh-new' });
    expect(readProviderCookie()).toEqual(franceConnect);
  });

  it('AUTH-10 a SESSION_EXPIRED answer turns the session expired; reconnecting refreshes the identity and logs in again', async () => {
    let expired = true;
    const { runtime, calls } = createTestSession({
      signedInAs: fixtureUser(),
      handlers: {
        'Account/getUser.json': () =>
          expired ? { ko: { code: 'SESSION_EXPIRED' }, status: 401 } : { ok: { user: fixtureUser() } },
        'identity/token': () => identityAnswer('again'),
        'Account/login.json': () => ({ ok: { user: fixtureUser({ userToken: 'token-new' }) } }),
      },
    });
    await expect(runtime.client.call(getUserCall, {})).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(runtime.actor.getSnapshot().matches('expired')).toBe(true);
    expect(readSessionStatus()).toBe('expired');
    expired = false;
    const after = await settle(runtime, { type: 'RECONNECT' });
    expect(after.matches('loggedIn')).toBe(true);
    expect(calls.find((call) => call.path === 'identity/token')?.payload).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-kept',
    });
    expect(readTicketCookie()).toMatchObject({ userToken: 'token-new' });
  });
});
