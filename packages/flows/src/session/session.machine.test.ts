import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type Credentials,
  type IdentityTokens,
  isSessionBusy,
  type LoginInput,
  type PersistedSession,
  type ProfileChoice,
  type ProviderIdentity,
  type ProviderLogout,
  type ProviderSession,
  type ProviderSignIn,
  type Registration,
  type SessionInput,
  type SessionTicket,
  type SessionUser,
  sessionMachine,
  sessionStatusOf,
} from './session.machine.ts';

const identity = (name: string): IdentityTokens => ({
  idToken: `id-${name}`,
  refreshToken: `refresh-${name}`,
});
const user = (userId: number, authAsGuest = false): SessionUser => ({
  userToken: `token-${userId}`,
  userId,
  authAsGuest,
});

type Backend = {
  calls: string[];
  signInWithPassword?: (input: Credentials) => Promise<IdentityTokens>;
  signUp?: (input: Registration) => Promise<IdentityTokens>;
  signUpGuest?: () => Promise<IdentityTokens>;
  refreshIdentity?: (input: { refreshToken: string }) => Promise<IdentityTokens>;
  login?: (input: LoginInput) => Promise<SessionUser>;
  signInWithToken?: (input: { token: string }) => Promise<SessionUser>;
  authenticateWithProvider?: (input: ProviderIdentity) => Promise<ProviderSignIn>;
  logoutProvider?: (input: SessionTicket & { signedInWith: ProviderSession }) => Promise<ProviderLogout>;
  persisted: PersistedSession[];
  /** The end-session pages the browser was sent to. */
  leftFor: string[];
};

/** The machine with actors that record each call, as the app provides them with real calls. */
function start(backend: Partial<Backend> = {}, input: SessionInput = {}) {
  const record: Backend = { calls: [], persisted: [], leftFor: [], ...backend };
  const step =
    <I, O>(name: string, run: (input: I) => Promise<O>) =>
    async ({ input }: { input: I }) => {
      record.calls.push(name);
      return run(input);
    };
  const machine = sessionMachine.provide({
    actors: {
      signInWithPassword: fromPromise(
        step('signInWithPassword', (input: Credentials) =>
          (record.signInWithPassword ?? (async () => identity('account')))(input),
        ),
      ),
      signUp: fromPromise(
        step('signUp', (input: Registration) => (record.signUp ?? (async () => identity('new')))(input)),
      ),
      signUpGuest: fromPromise(
        step('signUpGuest', () => (record.signUpGuest ?? (async () => identity('guest')))()),
      ),
      refreshIdentity: fromPromise(
        step('refreshIdentity', (input: { refreshToken: string }) =>
          (record.refreshIdentity ?? (async () => identity('refreshed')))(input),
        ),
      ),
      login: fromPromise(
        step('login', (input: LoginInput) =>
          (record.login ?? (async (login: LoginInput) => user(login.asGuest ? 90 : 1, login.asGuest)))(input),
        ),
      ),
      signInWithToken: fromPromise(
        step('signInWithToken', (input: { token: string }) =>
          (record.signInWithToken ?? (async () => user(3)))(input),
        ),
      ),
      persistSession: fromPromise(
        step('persistSession', async (input: PersistedSession) => {
          record.persisted.push(input);
        }),
      ),
      authenticateWithProvider: fromPromise(
        step('authenticateWithProvider', (input: ProviderIdentity) =>
          (
            record.authenticateWithProvider ??
            (async (given: ProviderIdentity) => ({
              user: {
                ...user(5),
                signedInWith: { providerId: given.authProviderId, driver: 'FRANCECONNECT' },
              },
              identity: identity('provider'),
            }))
          )(input),
        ),
      ),
      logoutProvider: fromPromise(
        step('logoutProvider', (input: SessionTicket & { signedInWith: ProviderSession }) =>
          (record.logoutProvider ?? (async () => ({ endSessionUrl: null })))(input),
        ),
      ),
      endProviderSession: fromPromise(
        step('endProviderSession', async (input: { endSessionUrl: string }) => {
          record.leftFor.push(input.endSessionUrl);
        }),
      ),
      logoutServer: fromPromise(
        step('logoutServer', async (ticket: SessionTicket) => {
          record.calls.push(`logoutServer:${ticket.userToken}`);
        }),
      ),
      clearLocalState: fromPromise(step('clearLocalState', async () => {})),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  const settled = () => waitFor(actor, (snapshot) => !isSessionBusy(snapshot));
  return { actor, record, settled, status: () => sessionStatusOf(actor.getSnapshot()) };
}

const persistedAccount: PersistedSession = {
  identity: identity('account'),
  ticket: { userToken: 'token-1', userId: 1, guest: false },
};
const keycloak: ProviderSession = { providerId: 1, driver: 'KEYCLOAK' };
const franceConnect: ProviderSession = { providerId: 3, driver: 'FRANCECONNECT' };
/** A session opened with a provider, kept from an earlier visit. */
const persistedWith = (signedInWith: ProviderSession): PersistedSession => ({
  identity: identity('account'),
  ticket: { userToken: 'token-1', userId: 1, guest: false, signedInWith },
});
const persistedGuest: PersistedSession = {
  identity: identity('guest'),
  ticket: { userToken: 'token-90', userId: 90, guest: true },
};

describe('session machine', () => {
  it('starts signed out without a persisted session', () => {
    const { status } = start();
    expect(status()).toBe('signedOut');
  });

  it('a persisted user ticket restores the session, as guest or logged in', () => {
    expect(start({}, { persisted: persistedAccount }).status()).toBe('loggedIn');
    expect(start({}, { persisted: persistedGuest }).status()).toBe('guest');
    const restored = start({}, { persisted: persistedAccount }).actor.getSnapshot().context;
    expect(restored.ticket).toEqual({ userToken: 'token-1', userId: 1 });
    expect(restored.identity).toEqual(identity('account'));
  });

  it('AUTH-01 signs in by email and password: identity first, then the account login with its token', async () => {
    const logins: LoginInput[] = [];
    const credentials: Credentials[] = [];
    const { actor, record, settled, status } = start({
      signInWithPassword: async (input) => {
        credentials.push(input);
        return identity('lea');
      },
      login: async (input) => {
        logins.push(input);
        return user(1);
      },
    });
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'secret' });
    expect(status()).toBe('signedOut');
    await settled();
    expect(status()).toBe('loggedIn');
    expect(credentials).toEqual([{ email: 'lea@example.org', password: 'secret' }]);
    expect(logins).toEqual([{ idToken: 'id-lea', asGuest: false }]);
    expect(record.calls).toEqual(['signInWithPassword', 'login', 'persistSession']);
    expect(actor.getSnapshot().context.ticket).toEqual({ userToken: 'token-1', userId: 1 });
  });

  it('a sign-in persists the identity tokens and the user ticket', async () => {
    const { actor, record, settled } = start({ signInWithPassword: async () => identity('lea') });
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'secret' });
    await settled();
    expect(record.persisted).toEqual([
      {
        identity: identity('lea'),
        ticket: { userToken: 'token-1', userId: 1, guest: false, signedInWith: null },
      },
    ]);
  });

  it('AUTH-01 a refused sign-in stays signed out and keeps the error for the page', async () => {
    const refused = Object.assign(new Error('Invalid email or password'), { code: 'INVALID_CREDENTIALS' });
    const { actor, record, settled, status } = start({
      signInWithPassword: async () => {
        throw refused;
      },
    });
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'wrong' });
    await settled();
    expect(status()).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBe(refused);
    expect(record.calls).toEqual(['signInWithPassword']);
    // The next attempt starts without the old error.
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'wrong' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('AUTH-02 a login answer without a user fails the sign-in with "The response did not contain the user"', async () => {
    const noUser = Object.assign(new Error('The response did not contain the user'), {
      code: 'LOGIN_NO_USER',
    });
    const { actor, record, settled, status } = start({
      login: async () => {
        throw noUser;
      },
    });
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'secret' });
    await settled();
    expect(status()).toBe('signedOut');
    expect((actor.getSnapshot().context.error as Error).message).toBe(
      'The response did not contain the user',
    );
    expect(record.persisted).toEqual([]);
  });

  it('AUTH-03 a login answering profiles asks which one, then logs in as the chosen profile', async () => {
    const profiles: ProfileChoice[] = [
      { userId: 1, userName: 'Léa', userLastname: 'Martin' },
      { userId: 2, userName: 'Tom', userLastname: 'Martin' },
    ];
    const logins: LoginInput[] = [];
    const { actor, settled, status } = start({
      login: async (input) => {
        logins.push(input);
        if (input.userId === undefined) throw Object.assign(new Error('Choose the profile'), { profiles });
        return user(input.userId);
      },
    });
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'secret' });
    await settled();
    expect(actor.getSnapshot().matches('choosingProfile')).toBe(true);
    expect(actor.getSnapshot().context.profiles).toEqual(profiles);
    expect(status()).toBe('signedOut');
    actor.send({ type: 'CHOOSE_PROFILE', userId: 2 });
    await settled();
    expect(status()).toBe('loggedIn');
    expect(logins).toEqual([
      { idToken: 'id-account', asGuest: false },
      { idToken: 'id-account', asGuest: false, userId: 2 },
    ]);
    expect(actor.getSnapshot().context.ticket).toEqual({ userToken: 'token-2', userId: 2 });
    expect(actor.getSnapshot().context.profiles).toBeNull();
  });

  it('AUTH-03 cancelling the profile choice goes back to signed out', async () => {
    const { actor, settled, status } = start({
      login: async () => {
        throw Object.assign(new Error('Choose'), {
          profiles: [{ userId: 3, userName: 'A', userLastname: 'B' }],
        });
      },
    });
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'secret' });
    await settled();
    actor.send({ type: 'CANCEL' });
    expect(status()).toBe('signedOut');
    expect(actor.getSnapshot().context.profiles).toBeNull();
  });

  it('AUTH-04 a guest start makes an anonymous identity and logs in with authAsGuest', async () => {
    const logins: LoginInput[] = [];
    const { actor, record, settled, status } = start({
      login: async (input) => {
        logins.push(input);
        return user(90, true);
      },
    });
    actor.send({ type: 'START_GUEST' });
    await settled();
    expect(status()).toBe('guest');
    expect(record.calls).toEqual(['signUpGuest', 'login', 'persistSession']);
    expect(logins).toEqual([{ idToken: 'id-guest', asGuest: true }]);
    expect(record.persisted[0]?.ticket).toEqual({
      userToken: 'token-90',
      userId: 90,
      guest: true,
      signedInWith: null,
    });
  });

  it('AUTH-04 a guest who signs in becomes logged in; a failed attempt leaves the guest session as it was', async () => {
    let refuse = true;
    const { actor, settled, status } = start(
      {
        signInWithPassword: async () => {
          if (refuse) throw new Error('Invalid email or password');
          return identity('lea');
        },
      },
      { persisted: persistedGuest },
    );
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'wrong' });
    await settled();
    expect(status()).toBe('guest');
    expect(actor.getSnapshot().context.ticket).toEqual({ userToken: 'token-90', userId: 90 });
    expect(actor.getSnapshot().context.identity).toEqual(identity('guest'));
    refuse = false;
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'secret' });
    await settled();
    expect(status()).toBe('loggedIn');
    expect(actor.getSnapshot().context.identity).toEqual(identity('lea'));
  });

  it('a one-time token (a card sign-in) opens the session without an identity and persists its ticket', async () => {
    const tokens: string[] = [];
    const { actor, record, settled, status } = start(
      {
        signInWithToken: async ({ token }) => {
          tokens.push(token);
          return user(3);
        },
      },
      { persisted: persistedGuest },
    );
    actor.send({ type: 'SIGN_IN_WITH_TOKEN', token: 'one-time' });
    await settled();
    expect(status()).toBe('loggedIn');
    expect(tokens).toEqual(['one-time']);
    expect(record.calls).toEqual(['signInWithToken', 'persistSession']);
    expect(actor.getSnapshot().context.user).toEqual(user(3));
    // The guest's identity is not this account's: it goes, and the ticket is the account's.
    expect(record.persisted).toEqual([
      { identity: null, ticket: { userToken: 'token-3', userId: 3, guest: false, signedInWith: null } },
    ]);
  });

  it('a refused token leaves the session as it was, with the error for the page', async () => {
    const { actor, settled, status } = start({
      signInWithToken: async () => {
        throw new Error('token used');
      },
    });
    actor.send({ type: 'SIGN_IN_WITH_TOKEN', token: 'spent' });
    await settled();
    expect(status()).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toEqual(new Error('token used'));
  });

  it('AUTH-05 a registration signs the new identity up, then logs in', async () => {
    const registrations: Registration[] = [];
    const { actor, record, settled, status } = start({
      signUp: async (input) => {
        registrations.push(input);
        return identity('new');
      },
    });
    const registration: Registration = {
      email: 'lea@example.org',
      password: 'Correct-horse-1',
      firstName: 'Léa',
      lastName: 'Martin',
      acceptedTerms: true,
      acceptedPrivacy: true,
    };
    actor.send({ type: 'REGISTER', registration });
    await settled();
    expect(status()).toBe('loggedIn');
    expect(registrations).toEqual([registration]);
    expect(record.calls).toEqual(['signUp', 'login', 'persistSession']);
  });

  it('AUTH-07 NET-07 logout of a session opened with the custom provider: the provider first, then the server, then local state', async () => {
    const logouts: unknown[] = [];
    const { actor, record, settled, status } = start(
      {
        logoutProvider: async (input) => {
          logouts.push(input);
          return { endSessionUrl: null };
        },
      },
      { persisted: persistedWith(keycloak), customProvider: true },
    );
    actor.send({ type: 'LOGOUT' });
    await settled();
    expect(status()).toBe('signedOut');
    expect(record.calls).toEqual([
      'logoutProvider',
      'logoutServer',
      'logoutServer:token-1',
      'clearLocalState',
    ]);
    expect(logouts).toEqual([{ userToken: 'token-1', userId: 1, signedInWith: keycloak }]);
    expect(record.leftFor).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({
      ticket: null,
      identity: null,
      user: null,
      signedInWith: null,
      endSessionUrl: null,
    });
  });

  it('NET-07 a KEYCLOAK session where the custom provider does not apply: no provider logout', async () => {
    const { actor, record, settled } = start(
      {},
      { persisted: persistedWith(keycloak), customProvider: false },
    );
    actor.send({ type: 'LOGOUT' });
    await settled();
    expect(record.calls).toEqual(['logoutServer', 'logoutServer:token-1', 'clearLocalState']);
  });

  it('AUTH-07 a session opened by password starts its logout with the server, even where the custom provider applies', async () => {
    const { actor, record, settled } = start({}, { persisted: persistedAccount, customProvider: true });
    actor.send({ type: 'LOGOUT' });
    await settled();
    expect(record.calls).toEqual(['logoutServer', 'logoutServer:token-1', 'clearLocalState']);
  });

  it('AUTH-07 a FranceConnect session: the provider’s logout, the server’s, local state, then the browser goes to FranceConnect’s end-session page, signed out here', async () => {
    const endSessionUrl = 'https://fc.example/session/end?id_token_hint=x&state=y';
    let leave: () => void = () => {};
    const machine = sessionMachine.provide({
      actors: {
        logoutProvider: fromPromise(async (): Promise<ProviderLogout> => ({ endSessionUrl })),
        logoutServer: fromPromise(async () => {}),
        clearLocalState: fromPromise(async () => {}),
        endProviderSession: fromPromise<void, { endSessionUrl: string }>(
          ({ input }) =>
            new Promise((resolve) => {
              expect(input.endSessionUrl).toBe(endSessionUrl);
              leave = resolve;
            }),
        ),
      },
    });
    // FranceConnect's logout applies whatever the network's default provider (NET-07 is Keycloak's).
    const actor = createActor(machine, { input: { persisted: persistedWith(franceConnect) } }).start();
    const steps: string[] = [];
    actor.subscribe((snapshot) => steps.push(JSON.stringify(snapshot.value)));
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (snapshot) => snapshot.matches({ loggingOut: 'leavingForProvider' }));
    expect(steps.filter((step, index) => steps.indexOf(step) === index)).toEqual([
      '{"loggingOut":"providerLogout"}',
      '{"loggingOut":"serverLogout"}',
      '{"loggingOut":"clearing"}',
      '{"loggingOut":"leavingForProvider"}',
    ]);
    // The shop's session is already over while the browser leaves.
    expect(sessionStatusOf(actor.getSnapshot())).toBe('signedOut');
    expect(isSessionBusy(actor.getSnapshot())).toBe(true);
    leave();
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(actor.getSnapshot().context.endSessionUrl).toBeNull();
  });

  it('AUTH-07 a provider logout that fails still logs out of the server and clears local state', async () => {
    const { actor, record, settled, status } = start(
      { logoutProvider: async () => Promise.reject(new Error('Connection refused')) },
      { persisted: persistedWith(franceConnect) },
    );
    actor.send({ type: 'LOGOUT' });
    await settled();
    expect(status()).toBe('signedOut');
    expect(record.calls).toEqual([
      'logoutProvider',
      'logoutServer',
      'logoutServer:token-1',
      'clearLocalState',
    ]);
    expect(record.leftFor).toEqual([]);
  });

  it('AUTH-07 a guest logout does not call the server nor a provider, but clears local state', async () => {
    const { actor, record, settled, status } = start({}, { persisted: persistedGuest, customProvider: true });
    actor.send({ type: 'LOGOUT' });
    await settled();
    expect(status()).toBe('signedOut');
    expect(record.calls).toEqual(['clearLocalState']);
  });

  it('signs in with a provider’s verified identity: the user and the account’s identity tokens, persisted with the provider', async () => {
    const given: ProviderIdentity[] = [];
    const { actor, record, settled, status } = start({
      authenticateWithProvider: async (input) => {
        given.push(input);
        return { user: { ...user(5), signedInWith: franceConnect }, identity: identity('fc') };
      },
    });
    actor.send({ type: 'SIGN_IN_WITH_PROVIDER', authProviderToken: 'provider-token', authProviderId: 3 });
    expect(status()).toBe('signedOut');
    await settled();
    expect(status()).toBe('loggedIn');
    expect(given).toEqual([{ authProviderToken: 'provider-token', authProviderId: 3 }]);
    expect(record.calls).toEqual(['authenticateWithProvider', 'persistSession']);
    expect(record.persisted).toEqual([
      {
        identity: identity('fc'),
        ticket: { userToken: 'token-5', userId: 5, guest: false, signedInWith: franceConnect },
      },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ signedInWith: franceConnect, asGuest: false });
  });

  it('a provider session kept from an earlier visit remembers its provider for the logout', () => {
    const { actor } = start({}, { persisted: persistedWith(franceConnect) });
    expect(actor.getSnapshot().context.signedInWith).toEqual(franceConnect);
  });

  it('AUTH-09 ACCOUNT_OTHER_PROVIDER reaches the page; a guest trying it stays the guest it was', async () => {
    const other = Object.assign(new Error('An account exists for this email under another sign-in method'), {
      code: 'ACCOUNT_OTHER_PROVIDER',
    });
    const { actor, record, settled, status } = start(
      { authenticateWithProvider: async () => Promise.reject(other) },
      { persisted: persistedGuest },
    );
    actor.send({ type: 'SIGN_IN_WITH_PROVIDER', authProviderToken: 'provider-token', authProviderId: 3 });
    await settled();
    expect(status()).toBe('guest');
    expect(actor.getSnapshot().context.error).toBe(other);
    expect(actor.getSnapshot().context.ticket).toEqual({ userToken: 'token-90', userId: 90 });
    expect(record.persisted).toEqual([]);
  });

  it('a password sign-in after a provider one opens a session without a provider', async () => {
    const { actor, settled } = start({}, { persisted: persistedWith(franceConnect) });
    actor.send({ type: 'SESSION_EXPIRED' });
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'secret' });
    await settled();
    expect(actor.getSnapshot().context.signedInWith).toBeNull();
  });

  it('IDP-03 new identity tokens of the signed-in account are kept and written, the session logged in throughout', async () => {
    const { actor, record, settled, status } = start({}, { persisted: persistedWith(franceConnect) });
    const statuses: string[] = [];
    actor.subscribe((snapshot) => statuses.push(sessionStatusOf(snapshot)));
    actor.send({ type: 'IDENTITY_CHANGED', identity: identity('new-password') });
    await settled();
    expect(status()).toBe('loggedIn');
    expect(new Set(statuses)).toEqual(new Set(['loggedIn']));
    expect(record.persisted).toEqual([
      {
        identity: identity('new-password'),
        ticket: { userToken: 'token-1', userId: 1, guest: false, signedInWith: franceConnect },
      },
    ]);
    // Only a logged-in session takes new tokens.
    const signedOut = start();
    expect(signedOut.actor.getSnapshot().can({ type: 'IDENTITY_CHANGED', identity: identity('x') })).toBe(
      false,
    );
  });

  it('AUTH-07 a failing server logout still clears local state', async () => {
    const calls: string[] = [];
    const machine = sessionMachine.provide({
      actors: {
        logoutServer: fromPromise<void, SessionTicket>(async () => {
          calls.push('logoutServer');
          throw new Error('Connection refused');
        }),
        clearLocalState: fromPromise(async () => {
          calls.push('clearLocalState');
        }),
      },
    });
    const actor = createActor(machine, { input: { persisted: persistedAccount } }).start();
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
    expect(calls).toEqual(['logoutServer', 'clearLocalState']);
  });

  it('AUTH-10 an expired session shows as expired, and reconnects with the refresh token', async () => {
    const refreshed: string[] = [];
    const logins: LoginInput[] = [];
    const { actor, record, settled, status } = start(
      {
        refreshIdentity: async ({ refreshToken }) => {
          refreshed.push(refreshToken);
          return identity('again');
        },
        login: async (input) => {
          logins.push(input);
          return user(1);
        },
      },
      { persisted: persistedAccount },
    );
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(status()).toBe('expired');
    expect(actor.getSnapshot().can({ type: 'RECONNECT' })).toBe(true);
    actor.send({ type: 'RECONNECT' });
    await settled();
    expect(status()).toBe('loggedIn');
    expect(refreshed).toEqual(['refresh-account']);
    expect(logins).toEqual([{ idToken: 'id-again', asGuest: false }]);
    expect(record.persisted.at(-1)?.identity).toEqual(identity('again'));
  });

  it('AUTH-10 a guest session that expired reconnects as a guest', async () => {
    const logins: LoginInput[] = [];
    const { actor, settled, status } = start(
      {
        login: async (input) => {
          logins.push(input);
          return user(90, true);
        },
      },
      { persisted: persistedGuest },
    );
    actor.send({ type: 'SESSION_EXPIRED' });
    actor.send({ type: 'RECONNECT' });
    await settled();
    expect(status()).toBe('guest');
    expect(logins).toEqual([{ idToken: 'id-refreshed', asGuest: true }]);
  });

  it('AUTH-10 a failed reconnection stays expired with its error; signing in again ends it', async () => {
    const { actor, settled, status } = start(
      {
        refreshIdentity: async () => {
          throw Object.assign(new Error('Token is invalid'), { code: 'TOKEN_INVALID' });
        },
      },
      { persisted: persistedAccount },
    );
    actor.send({ type: 'SESSION_EXPIRED' });
    actor.send({ type: 'RECONNECT' });
    await settled();
    expect(status()).toBe('expired');
    expect((actor.getSnapshot().context.error as { code: string }).code).toBe('TOKEN_INVALID');
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'secret' });
    await settled();
    expect(status()).toBe('loggedIn');
  });

  it('AUTH-10 without an identity to refresh, reconnecting is not offered (the sign-in page is)', () => {
    const { actor } = start({}, { persisted: { identity: null, ticket: persistedAccount.ticket } });
    actor.send({ type: 'SESSION_EXPIRED' });
    expect(actor.getSnapshot().can({ type: 'RECONNECT' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'SIGN_IN', email: 'a@b.c', password: 'x' })).toBe(true);
  });

  it('AUTH-07 AUTH-10 leaving an expired session clears local state without calling the server', async () => {
    const { actor, record, settled, status } = start({}, { persisted: persistedAccount });
    actor.send({ type: 'SESSION_EXPIRED' });
    actor.send({ type: 'LOGOUT' });
    await settled();
    expect(status()).toBe('signedOut');
    expect(record.calls).toEqual(['clearLocalState']);
  });

  it('an attempt under way counts as the session it started from', async () => {
    let finish: (value: IdentityTokens) => void = () => {};
    const { actor, settled, status } = start(
      { signInWithPassword: () => new Promise((resolve) => (finish = resolve)) },
      { persisted: persistedGuest },
    );
    actor.send({ type: 'SIGN_IN', email: 'lea@example.org', password: 'secret' });
    expect(isSessionBusy(actor.getSnapshot())).toBe(true);
    expect(status()).toBe('guest');
    finish(identity('lea'));
    await settled();
    expect(status()).toBe('loggedIn');
  });
});
