// The shop's session: signed out, guest, logged in or expired (spec 01 §4 "Auth"), with sign-in,
// sign-in with a one-time token (a card sign-in) or with a network's OpenID provider (decision 0044),
// registration, guest start, profile choice, logout and reconnection. Every call and every write
// to the browser's storage is a named actor the app provides with `sessionMachine.provide()`.
import type { AUTH_DRIVERS } from '@transit-shop/sdk/contract/networks';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

/** The ticket backend's session (userToken + userId), kept in the user ticket cookie. */
export type SessionTicket = { readonly userToken: string; readonly userId: number };

/** What the identity provider answers when it signs an identity in. */
export type IdentityTokens = { readonly idToken: string; readonly refreshToken: string };

/** The provider a session was opened with (the auth user's signedInWith, decision 0044). */
export type ProviderSession = { readonly providerId: number; readonly driver: (typeof AUTH_DRIVERS)[number] };

/** The part of the login answer the session needs; the app keeps the whole user itself. */
export type SessionUser = SessionTicket & {
  readonly authAsGuest: boolean;
  /** Null, or absent, for a sign-in by password, card or as a guest. */
  readonly signedInWith?: ProviderSession | null;
};

/** What a sign-in with a provider's identity answers: the user and the account's own identity tokens. */
export type ProviderSignIn = { readonly user: SessionUser; readonly identity: IdentityTokens };

/** The verified identity a provider's return gave (exchangeAuthorizationCode), spent by the sign-in. */
export type ProviderIdentity = { readonly authProviderToken: string; readonly authProviderId: number };

/** One entry of the profile choice a login may answer (AUTH-03). */
export type ProfileChoice = {
  readonly userId: number;
  readonly userName: string;
  readonly userLastname: string;
};

/** What survives a page load (AUTH-13): the identity cookie and the user ticket cookie. */
export type PersistedSession = {
  readonly identity: IdentityTokens | null;
  readonly ticket:
    | (SessionTicket & { readonly guest: boolean; readonly signedInWith?: ProviderSession | null })
    | null;
};

export type Credentials = { readonly email: string; readonly password: string };

export type Registration = Credentials & {
  readonly firstName: string;
  readonly lastName: string;
  readonly acceptedTerms: true;
  readonly acceptedPrivacy: true;
};

export type LoginInput = {
  readonly idToken: string;
  readonly asGuest: boolean;
  /** The profile chosen after a login that answered profiles. */
  readonly userId?: number;
};

export type SessionStatus = 'signedOut' | 'guest' | 'loggedIn' | 'expired';

export type SessionInput = {
  readonly persisted?: PersistedSession | null;
  /** NET-07: the network's default provider is a custom (KEYCLOAK) one, whose logout comes first. */
  readonly customProvider?: boolean;
};

/** What the provider's logout answers: for an RP-initiated logout (FranceConnect), where to send the browser. */
export type ProviderLogout = { readonly endSessionUrl: string | null };

export type SessionContext = {
  identity: IdentityTokens | null;
  ticket: SessionTicket | null;
  /** Whether the current session is a guest's (AUTH-04). */
  asGuest: boolean;
  /**
   * The identity of an attempt under way and whether it is a guest's; it replaces the current
   * one only once the login succeeds, so a failed sign-in leaves a guest's session as it was.
   */
  pending: { identity: IdentityTokens; asGuest: boolean } | null;
  /** The user the last login answered. */
  user: SessionUser | null;
  profiles: readonly ProfileChoice[] | null;
  /** The chosen profile, sent again with the same identity token. */
  chosenUserId: number | null;
  /** Why the last attempt failed, for the page to say. */
  error: unknown;
  /** Where a failed or ended attempt goes back to, and what the session counts as meanwhile. */
  resumeTo: SessionStatus;
  /** Set when a logout starts from a logged-in session: only then is the server told (AUTH-07). */
  logoutFromServer: boolean;
  customProvider: boolean;
  /** The provider the session was opened with, whose session a logout ends too. */
  signedInWith: ProviderSession | null;
  /** The provider's end-session page a logout sends the browser to once the shop's session is over. */
  endSessionUrl: string | null;
};

export type SessionEvent =
  | ({ type: 'SIGN_IN' } & Credentials)
  /** A one-time sign-in token (a card sign-in's, decision 0032) exchanged for the session. */
  | { type: 'SIGN_IN_WITH_TOKEN'; token: string }
  /** The identity a network's OpenID provider verified (decision 0044) signs its account in. */
  | ({ type: 'SIGN_IN_WITH_PROVIDER' } & ProviderIdentity)
  /** identity/update answered fresh tokens for the signed-in account (a new email or password). */
  | { type: 'IDENTITY_CHANGED'; identity: IdentityTokens }
  | { type: 'REGISTER'; registration: Registration }
  | { type: 'START_GUEST' }
  | { type: 'CHOOSE_PROFILE'; userId: number }
  | { type: 'CANCEL' }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'RECONNECT' };

const notProvided = (name: string) => () => Promise.reject(new Error(`the app provides the ${name} actor`));

function profilesOf(error: unknown): readonly ProfileChoice[] | null {
  if (typeof error !== 'object' || error === null) return null;
  const profiles = (error as { profiles?: unknown }).profiles;
  return Array.isArray(profiles) && profiles.length > 0 ? (profiles as ProfileChoice[]) : null;
}

const signedOutContext = {
  identity: null,
  ticket: null,
  asGuest: false,
  pending: null,
  user: null,
  profiles: null,
  chosenUserId: null,
  logoutFromServer: false,
  signedInWith: null,
  endSessionUrl: null,
} as const;

const signedInWithOf = (user: SessionUser): ProviderSession | null => user.signedInWith ?? null;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** identity/signInWithPassword. */
    signInWithPassword: fromPromise<IdentityTokens, Credentials>(notProvided('signInWithPassword')),
    /** identity/signUp with the registration (AUTH-05). */
    signUp: fromPromise<IdentityTokens, Registration>(notProvided('signUp')),
    /** identity/signUp without email: an anonymous identity for a guest (AUTH-04). */
    signUpGuest: fromPromise<IdentityTokens, void>(notProvided('signUpGuest')),
    /** identity/token: a fresh id token from the refresh token, to reconnect (AUTH-10). */
    refreshIdentity: fromPromise<IdentityTokens, { refreshToken: string }>(notProvided('refreshIdentity')),
    /** Account/login.json with the id token; rejects with the profiles to choose from (AUTH-03). */
    login: fromPromise<SessionUser, LoginInput>(notProvided('login')),
    /**
     * Account/signinWithToken: the session for a one-time token. No identity comes with it, so a
     * session that expires is signed into again rather than reconnected.
     */
    signInWithToken: fromPromise<SessionUser, { token: string }>(notProvided('signInWithToken')),
    /**
     * account/authenticate with the provider's verified identity: the user of the account linked to
     * it (or a new one) and that account's own identity tokens. ACCOUNT_OTHER_PROVIDER when an
     * account already has its email (the page asks that account's password, then links).
     */
    authenticateWithProvider: fromPromise<ProviderSignIn, ProviderIdentity>(
      notProvided('authenticateWithProvider'),
    ),
    /** Writes the identity and user ticket cookies (AUTH-13). */
    persistSession: fromPromise<void, PersistedSession>(notProvided('persistSession')),
    /**
     * authentication/logout (AUTH-07), attempted first for a session opened with a provider: a
     * KEYCLOAK session is ended by the server; FranceConnect answers its end-session page.
     */
    logoutProvider: fromPromise<ProviderLogout, SessionTicket & { signedInWith: ProviderSession }>(
      notProvided('logoutProvider'),
    ),
    /** Sends the browser to the provider's end-session page, which comes back to the shop's logout page. */
    endProviderSession: fromPromise<void, { endSessionUrl: string }>(notProvided('endProviderSession')),
    /** Account/logout.json (AUTH-07), only for a logged-in session. */
    logoutServer: fromPromise<void, SessionTicket>(notProvided('logoutServer')),
    /** Clears local storage, the session cookies, the cart and the tunnel (AUTH-07). */
    clearLocalState: fromPromise<void, void>(notProvided('clearLocalState')),
  },
  guards: {
    isPersistedGuest: ({ context }) => context.ticket !== null && context.asGuest,
    isPersistedAccount: ({ context }) => context.ticket !== null && !context.asGuest,
    /** The login's error event carries the profiles to choose from (AUTH-03). */
    hasProfiles: ({ event }) => profilesOf((event as { error?: unknown }).error) !== null,
    isGuestSession: ({ context }) => context.asGuest,
    /**
     * A logged-in session opened with a provider: FranceConnect's is always ended (FranceConnect
     * asks it of a relying party), a KEYCLOAK one where the custom provider applies (NET-07).
     */
    hasProviderSession: ({ context }) =>
      context.logoutFromServer &&
      context.ticket !== null &&
      context.signedInWith !== null &&
      (context.signedInWith.driver === 'FRANCECONNECT' || context.customProvider),
    isLoggedInLogout: ({ context }) => context.logoutFromServer && context.ticket !== null,
    hasEndSessionUrl: ({ context }) => context.endSessionUrl !== null,
    hasRefreshToken: ({ context }) => context.identity !== null,
    resumesAsGuest: ({ context }) => context.resumeTo === 'guest',
    resumesAsExpired: ({ context }) => context.resumeTo === 'expired',
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...signedOutContext,
    identity: input.persisted?.identity ?? null,
    ticket: input.persisted?.ticket
      ? { userToken: input.persisted.ticket.userToken, userId: input.persisted.ticket.userId }
      : null,
    asGuest: input.persisted?.ticket?.guest ?? false,
    signedInWith: input.persisted?.ticket?.signedInWith ?? null,
    error: null,
    resumeTo: 'signedOut',
    customProvider: input.customProvider ?? false,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'isPersistedGuest', target: 'guest' },
        { guard: 'isPersistedAccount', target: 'loggedIn' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      on: {
        SIGN_IN: { target: 'signingIn', actions: assign({ resumeTo: 'signedOut', error: null }) },
        SIGN_IN_WITH_TOKEN: {
          target: 'signingInWithToken',
          actions: assign({ resumeTo: 'signedOut', error: null }),
        },
        SIGN_IN_WITH_PROVIDER: {
          target: 'signingInWithProvider',
          actions: assign({ resumeTo: 'signedOut', error: null }),
        },
        REGISTER: { target: 'registering', actions: assign({ resumeTo: 'signedOut', error: null }) },
        START_GUEST: { target: 'startingGuest', actions: assign({ resumeTo: 'signedOut', error: null }) },
        LOGOUT: { target: 'loggingOut', actions: assign({ resumeTo: 'signedOut', logoutFromServer: false }) },
      },
    },
    guest: {
      on: {
        // A guest may sign in or register; the guest session stays until the new one is ready.
        SIGN_IN: { target: 'signingIn', actions: assign({ resumeTo: 'guest', error: null }) },
        SIGN_IN_WITH_TOKEN: {
          target: 'signingInWithToken',
          actions: assign({ resumeTo: 'guest', error: null }),
        },
        SIGN_IN_WITH_PROVIDER: {
          target: 'signingInWithProvider',
          actions: assign({ resumeTo: 'guest', error: null }),
        },
        REGISTER: { target: 'registering', actions: assign({ resumeTo: 'guest', error: null }) },
        LOGOUT: { target: 'loggingOut', actions: assign({ resumeTo: 'guest', logoutFromServer: false }) },
        SESSION_EXPIRED: { target: 'expired', actions: assign({ error: null }) },
      },
    },
    loggedIn: {
      on: {
        LOGOUT: { target: 'loggingOut', actions: assign({ resumeTo: 'loggedIn', logoutFromServer: true }) },
        // New tokens of the same account: kept and written, the session counting as logged in meanwhile.
        IDENTITY_CHANGED: {
          target: 'persisting',
          actions: assign({ identity: ({ event }) => event.identity, resumeTo: 'loggedIn' }),
        },
        SESSION_EXPIRED: { target: 'expired', actions: assign({ error: null }) },
      },
    },
    expired: {
      on: {
        RECONNECT: {
          guard: 'hasRefreshToken',
          target: 'reconnecting',
          actions: assign({ resumeTo: 'expired', error: null }),
        },
        SIGN_IN: { target: 'signingIn', actions: assign({ resumeTo: 'expired', error: null }) },
        SIGN_IN_WITH_TOKEN: {
          target: 'signingInWithToken',
          actions: assign({ resumeTo: 'expired', error: null }),
        },
        SIGN_IN_WITH_PROVIDER: {
          target: 'signingInWithProvider',
          actions: assign({ resumeTo: 'expired', error: null }),
        },
        START_GUEST: { target: 'startingGuest', actions: assign({ resumeTo: 'expired', error: null }) },
        // The ended session is not told: the server has already ended it.
        LOGOUT: { target: 'loggingOut', actions: assign({ resumeTo: 'expired', logoutFromServer: false }) },
      },
    },
    signingIn: {
      invoke: {
        src: 'signInWithPassword',
        input: ({ event }) =>
          event.type === 'SIGN_IN'
            ? { email: event.email, password: event.password }
            : { email: '', password: '' },
        onDone: {
          target: 'loggingIn',
          actions: assign({
            pending: ({ event }) => ({ identity: event.output, asGuest: false }),
            chosenUserId: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    signingInWithToken: {
      invoke: {
        src: 'signInWithToken',
        input: ({ event }) => ({ token: event.type === 'SIGN_IN_WITH_TOKEN' ? event.token : '' }),
        onDone: {
          target: 'persisting',
          actions: assign({
            user: ({ event }) => event.output,
            // The identity of an earlier session (a guest's) is not this account's.
            identity: null,
            pending: null,
            ticket: ({ event }) => ({ userToken: event.output.userToken, userId: event.output.userId }),
            asGuest: ({ event }) => event.output.authAsGuest,
            signedInWith: ({ event }) => signedInWithOf(event.output),
            profiles: null,
            chosenUserId: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    signingInWithProvider: {
      invoke: {
        src: 'authenticateWithProvider',
        input: ({ event }) =>
          event.type === 'SIGN_IN_WITH_PROVIDER'
            ? { authProviderToken: event.authProviderToken, authProviderId: event.authProviderId }
            : { authProviderToken: '', authProviderId: 0 },
        onDone: {
          target: 'persisting',
          actions: assign({
            user: ({ event }) => event.output.user,
            identity: ({ event }) => event.output.identity,
            pending: null,
            ticket: ({ event }) => ({
              userToken: event.output.user.userToken,
              userId: event.output.user.userId,
            }),
            asGuest: false,
            signedInWith: ({ event }) => signedInWithOf(event.output.user),
            profiles: null,
            chosenUserId: null,
          }),
        },
        // ACCOUNT_OTHER_PROVIDER among others: kept for the page, which asks that account's password.
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    registering: {
      invoke: {
        src: 'signUp',
        input: ({ event }) => {
          if (event.type !== 'REGISTER') throw new Error('registering starts with REGISTER');
          return event.registration;
        },
        onDone: {
          target: 'loggingIn',
          actions: assign({
            pending: ({ event }) => ({ identity: event.output, asGuest: false }),
            chosenUserId: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    startingGuest: {
      invoke: {
        src: 'signUpGuest',
        onDone: {
          target: 'loggingIn',
          actions: assign({
            pending: ({ event }) => ({ identity: event.output, asGuest: true }),
            chosenUserId: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    reconnecting: {
      invoke: {
        src: 'refreshIdentity',
        input: ({ context }) => ({ refreshToken: context.identity?.refreshToken ?? '' }),
        onDone: {
          target: 'loggingIn',
          actions: assign({
            pending: ({ event, context }) => ({ identity: event.output, asGuest: context.asGuest }),
            chosenUserId: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    loggingIn: {
      invoke: {
        src: 'login',
        input: ({ context }) => ({
          idToken: context.pending?.identity.idToken ?? '',
          asGuest: context.pending?.asGuest ?? false,
          ...(context.chosenUserId === null ? {} : { userId: context.chosenUserId }),
        }),
        onDone: {
          target: 'persisting',
          actions: assign({
            user: ({ event }) => event.output,
            identity: ({ context }) => context.pending?.identity ?? null,
            pending: null,
            ticket: ({ event }) => ({ userToken: event.output.userToken, userId: event.output.userId }),
            asGuest: ({ event }) => event.output.authAsGuest,
            signedInWith: ({ event }) => signedInWithOf(event.output),
            profiles: null,
          }),
        },
        onError: [
          {
            guard: 'hasProfiles',
            target: 'choosingProfile',
            actions: assign({ profiles: ({ event }) => profilesOf(event.error) }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    choosingProfile: {
      on: {
        CHOOSE_PROFILE: {
          target: 'loggingIn',
          actions: assign({ chosenUserId: ({ event }) => event.userId }),
        },
        CANCEL: { target: 'failed', actions: assign({ error: null }) },
      },
    },
    persisting: {
      invoke: {
        src: 'persistSession',
        input: ({ context }) => ({
          identity: context.identity,
          ticket: context.ticket
            ? { ...context.ticket, guest: context.asGuest, signedInWith: context.signedInWith }
            : null,
        }),
        // Cookies that cannot be written only cost the next page load its session.
        onDone: 'signedIn',
        onError: 'signedIn',
      },
    },
    signedIn: {
      always: [
        { guard: 'isGuestSession', target: 'guest', actions: assign({ error: null }) },
        { target: 'loggedIn', actions: assign({ error: null }) },
      ],
    },
    /** A failed attempt: back to what the session was before it, with the error kept. */
    failed: {
      entry: assign({ pending: null, profiles: null, chosenUserId: null }),
      always: [
        { guard: 'resumesAsGuest', target: 'guest' },
        { guard: 'resumesAsExpired', target: 'expired' },
        { target: 'signedOut' },
      ],
    },
    // AUTH-07: the provider's logout first, then the server's, then the browser's state; a provider
    // whose logout is a page of its own (FranceConnect) is visited last, the shop's session already
    // over, so a rider who never comes back from it is still signed out here.
    loggingOut: {
      initial: 'provider',
      states: {
        provider: {
          always: [{ guard: 'hasProviderSession', target: 'providerLogout' }, { target: 'server' }],
        },
        providerLogout: {
          invoke: {
            src: 'logoutProvider',
            input: ({ context }) => ({
              userToken: context.ticket?.userToken ?? '',
              userId: context.ticket?.userId ?? 0,
              signedInWith: context.signedInWith ?? { providerId: 0, driver: 'KEYCLOAK' },
            }),
            onDone: {
              target: 'server',
              actions: assign({ endSessionUrl: ({ event }) => event.output.endSessionUrl }),
            },
            // A provider that does not answer must not keep the traveller signed in here.
            onError: 'server',
          },
        },
        server: {
          always: [{ guard: 'isLoggedInLogout', target: 'serverLogout' }, { target: 'clearing' }],
        },
        serverLogout: {
          invoke: {
            src: 'logoutServer',
            input: ({ context }) => context.ticket ?? { userToken: '', userId: 0 },
            onDone: 'clearing',
            onError: 'clearing',
          },
        },
        clearing: {
          invoke: {
            src: 'clearLocalState',
            onDone: 'ended',
            onError: 'ended',
          },
        },
        ended: {
          always: [
            { guard: 'hasEndSessionUrl', target: 'leavingForProvider' },
            { target: '#session.signedOut' },
          ],
        },
        /** Signed out here; the browser goes to the provider's end-session page and comes back. */
        leavingForProvider: {
          entry: assign({ resumeTo: 'signedOut' as SessionStatus }),
          invoke: {
            src: 'endProviderSession',
            input: ({ context }) => ({ endSessionUrl: context.endSessionUrl ?? '' }),
            onDone: '#session.signedOut',
            onError: '#session.signedOut',
          },
        },
      },
      exit: assign({ ...signedOutContext, error: null, resumeTo: 'signedOut' as SessionStatus }),
    },
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** What the session counts as now; an attempt under way counts as what it started from. */
export function sessionStatusOf(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('loggedIn')) return 'loggedIn';
  if (snapshot.matches('guest')) return 'guest';
  if (snapshot.matches('expired')) return 'expired';
  if (snapshot.matches('signedOut')) return 'signedOut';
  return snapshot.context.resumeTo;
}

/** Whether an attempt (sign-in, registration, guest start, reconnection, logout) is under way. */
export function isSessionBusy(snapshot: SessionSnapshot): boolean {
  return !['loggedIn', 'guest', 'expired', 'signedOut', 'choosingProfile'].some((state) =>
    snapshot.matches(state as 'loggedIn'),
  );
}
