// The session machine with the app's actors: the real sdk client on a fake ticket backend, the
// real cookies and local storage of the browser.
import { getUserCall } from '@transit-shop/sdk/contract/account';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { fixtureBootstrap } from '../../test/fixtures/bootstrap.ts';
import { calledPaths, createTestSession, fixtureUser, identityAnswer } from '../../test/session.ts';
import { readIdentityCookie, readTicketCookie } from '../cookies.ts';
import { forgetWalletStore, keepTickets, keptTickets, type WalletHolder } from '../kept-tickets.ts';
import { queryClient } from '../query-client.tsx';
import { hasCustomProvider, settle } from './session-runtime.ts';
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
      },
      {
        userId: 8,
        userName: 'Tom',
        userLastname: 'Martin',
        userBirthday: null,
        cardNumber: null,
        active: true,
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

  it.each([
    { driver: 'KEYCLOAK', isDefault: true, applies: true },
    { driver: 'KEYCLOAK', isDefault: false, applies: false },
    { driver: 'FRANCECONNECT', isDefault: true, applies: false },
  ] as const)(
    'NET-07 the custom provider applies only when the default provider’s driver is KEYCLOAK: $driver, default $isDefault',
    async ({ driver, isDefault, applies }) => {
      const bootstrap = networkWith(driver, isDefault);
      expect(hasCustomProvider(bootstrap.network)).toBe(applies);
      // A logout of the network's session goes to the custom provider first only where it applies (AUTH-07).
      const { runtime, calls } = createTestSession({
        bootstrap,
        signedInAs: fixtureUser(),
        handlers: { 'Account/logout.json': () => ({ ok: {} }) },
      });
      const steps: string[] = [];
      const subscription = runtime.actor.subscribe((snapshot) => steps.push(JSON.stringify(snapshot.value)));
      const after = await settle(runtime, { type: 'LOGOUT' });
      subscription.unsubscribe();
      expect(after.matches('signedOut')).toBe(true);
      expect(steps.some((step) => step.includes('customProviderLogout'))).toBe(applies);
      expect(calledPaths(calls)).toEqual(['Account/logout.json']);
    },
  );

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
