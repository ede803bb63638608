// The session of the app: the session machine running with the real calls (identity/*, Account/*,
// account/authenticate and authentication/logout of the OpenID providers) and the browser's storage
// and address as its actors, the ticket client that reads its session from it, and the query cache
// that holds the current user. One per page; route loaders and components share it.
import type { QueryClient } from '@tanstack/react-query';
import {
  type IdentityTokens,
  isSessionBusy,
  type SessionSnapshot,
  type SessionUser,
  sessionMachine,
  sessionStatusOf,
} from '@transit-shop/flows/session/session.machine';
import { loginCall, logoutCall, signInWithTokenCall } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { authenticateCall, providerLogoutCall } from '@transit-shop/sdk/contract/authentication';
import {
  type IdentitySession,
  identitySignInWithPasswordCall,
  identitySignUpCall,
  identityTokenCall,
} from '@transit-shop/sdk/contract/identity';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@transit-shop/sdk/locales';
import type { Bootstrap } from '@transit-shop/tenancy';
import { type Actor, createActor, fromPromise, waitFor } from 'xstate';
import { localePath, paths, splitLocale } from '../../config/paths.ts';
import { createApiClient, type TicketClient } from '../api-client.ts';
import { fetchBootstrap, readInlineBootstrap } from '../bootstrap.ts';
import {
  readIdentityCookie,
  readTicketCookie,
  removeIdentityCookie,
  removeSessionCookies,
  writeIdentityCookie,
  writeTicketCookie,
} from '../cookies.ts';
import { providerPage } from '../provider-page.ts';
import { queryClient as appQueryClient } from '../query-client.tsx';
import { readProviderCookie, writeProviderCookie } from './provider-cookie.ts';
import { setSessionStatus } from './session-status.ts';
import { userQueryKey } from './user-query-key.ts';

/**
 * The network facts the session and the guards of its pages need (the configuration's feature flags,
 * such as has_media_signin); they are the same in every language.
 */
export type SessionNetwork = Pick<Bootstrap, 'apiBase'> & {
  network: Pick<
    Bootstrap['network'],
    'id' | 'signingKey' | 'authenticationProviders' | 'configuration' | 'timeZone'
  >;
};

export type SessionRuntime = {
  readonly client: TicketClient;
  readonly actor: Actor<typeof sessionMachine>;
  readonly queryClient: QueryClient;
  readonly network: SessionNetwork['network'];
  stop(): void;
};

export type SessionRuntimeOptions = {
  bootstrap: SessionNetwork;
  queryClient?: QueryClient;
  /** Tests answer in place of the backend. */
  fetch?: typeof globalThis.fetch;
  /** The language sent with sign-ins and registrations; the page's by default. */
  getLocale?: () => Locale;
};

/** NET-07: the custom provider applies only when the default provider's driver is KEYCLOAK. */
export function hasCustomProvider(network: Pick<Bootstrap['network'], 'authenticationProviders'>): boolean {
  return network.authenticationProviders.some(
    (provider) => provider.isDefault && provider.driver === 'KEYCLOAK',
  );
}

// The provider's end-session page sends the browser back to /auth/logout with this mark: the
// return leg of a logout, the shop's session already ended before leaving (decision 0044).
const LOGOUT_RETURN_PARAM = 'ended';
const LOGOUT_RETURN_VALUE = 'provider';

/** Where a provider's end-session page sends the browser back: the shop's logout page, marked. */
export function providerLogoutReturnUri(locale: Locale, origin: string): string {
  const url = new URL(localePath(locale, paths.authLogout), origin);
  url.searchParams.set(LOGOUT_RETURN_PARAM, LOGOUT_RETURN_VALUE);
  return url.href;
}

/** Whether the logout page is the return leg of a provider's logout. */
export function isProviderLogoutReturn(url: URL): boolean {
  return url.searchParams.get(LOGOUT_RETURN_PARAM) === LOGOUT_RETURN_VALUE;
}

function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (isLocale(lang)) return lang;
  return typeof location === 'undefined' ? DEFAULT_LOCALE : splitLocale(location.pathname).locale;
}

const tokensOf = (session: IdentitySession): IdentityTokens => ({
  idToken: session.idToken,
  refreshToken: session.refreshToken,
});

export function createSessionRuntime(options: SessionRuntimeOptions): SessionRuntime {
  const queryClient = options.queryClient ?? appQueryClient;
  const getLocale = options.getLocale ?? pageLocale;
  // The client and the machine need each other: the client reads the session from the machine,
  // and the machine's actors call through the client.
  let actor: Actor<typeof sessionMachine> | undefined;
  const client = createApiClient({
    bootstrap: options.bootstrap,
    getSession: () => actor?.getSnapshot().context.ticket ?? undefined,
    onSessionExpired: () => actor?.send({ type: 'SESSION_EXPIRED' }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const machine = sessionMachine.provide({
    actors: {
      signInWithPassword: fromPromise(async ({ input }) =>
        tokensOf(await client.call(identitySignInWithPasswordCall, input)),
      ),
      signUp: fromPromise(async ({ input }) =>
        tokensOf(await client.call(identitySignUpCall, { ...input, locale: getLocale() })),
      ),
      signUpGuest: fromPromise(async () =>
        tokensOf(await client.call(identitySignUpCall, { locale: getLocale() })),
      ),
      refreshIdentity: fromPromise(async ({ input }) =>
        tokensOf(
          await client.call(identityTokenCall, {
            grant_type: 'refresh_token',
            refresh_token: input.refreshToken,
          }),
        ),
      ),
      login: fromPromise(async ({ input }): Promise<SessionUser> => {
        const { user } = await client.call(loginCall, {
          firebase_token: input.idToken,
          locale: getLocale(),
          originType: 'ESHOP',
          ...(input.asGuest ? { authAsGuest: true } : {}),
          ...(input.userId === undefined ? {} : { user_id: input.userId }),
        });
        // The login answers the whole user: the pages read it without asking again.
        queryClient.setQueryData<AuthUser | null>(userQueryKey(user.userId), user);
        return user;
      }),
      signInWithToken: fromPromise(async ({ input }): Promise<SessionUser> => {
        const { user } = await client.call(signInWithTokenCall, { token: input.token });
        queryClient.setQueryData<AuthUser | null>(userQueryKey(user.userId), user);
        return user;
      }),
      authenticateWithProvider: fromPromise(async ({ input }) => {
        const { user, identity } = await client.call(authenticateCall, {
          authProviderToken: input.authProviderToken,
          authProviderId: input.authProviderId,
          locale: getLocale(),
          originType: 'ESHOP',
        });
        queryClient.setQueryData<AuthUser | null>(userQueryKey(user.userId), user);
        return { user, identity: tokensOf(identity) };
      }),
      persistSession: fromPromise(async ({ input }) => {
        // A session without an identity (a card sign-in) leaves no earlier one behind it.
        if (input.identity) writeIdentityCookie(input.identity);
        else removeIdentityCookie();
        if (input.ticket) {
          writeTicketCookie(input.ticket);
          writeProviderCookie(input.ticket.signedInWith ?? null);
        }
      }),
      logoutProvider: fromPromise(async ({ input }) =>
        client.call(providerLogoutCall, {
          userToken: input.userToken,
          userId: input.userId,
          postLogoutRedirectUri: providerLogoutReturnUri(getLocale(), window.location.origin),
        }),
      ),
      // The page is leaving for the provider: nothing on it comes after, so this never settles.
      endProviderSession: fromPromise(async ({ input }) => {
        providerPage.open(input.endSessionUrl);
        await new Promise(() => {});
      }),
      logoutServer: fromPromise(async ({ input }) => {
        await client.call(logoutCall, { userToken: input.userToken, user_id: input.userId });
      }),
      clearLocalState: fromPromise(async () => {
        // AUTH-07: local storage (the cart and the tunnel live there), the tab's session storage,
        // the session cookies, the cached answers and the cached user, and the wallet's tickets
        // kept for offline use. The device key stays: it belongs to the phone, and holds nothing
        // without the tickets. Loaded here, so the first paint does not carry IndexedDB's code.
        removeSessionCookies();
        writeProviderCookie(null);
        try {
          localStorage.clear();
          // The tab's storage too: a checkout under way, a card number and birth date kept for a
          // card sign-in's registration.
          sessionStorage.clear();
        } catch {
          // Storage refused (private mode): nothing was kept there either.
        }
        client.clearCache();
        queryClient.clear();
        await import('../kept-tickets.ts').then(
          ({ forgetKeptTickets }) => forgetKeptTickets(),
          () => {
            // Its code could not load (offline, or a newer build): the logout still ends the session.
          },
        );
      }),
    },
  });

  const identity = readIdentityCookie() ?? null;
  const kept = readTicketCookie();
  const ticket = kept ? { ...kept, signedInWith: readProviderCookie() ?? null } : null;
  actor = createActor(machine, {
    input: { persisted: { identity, ticket }, customProvider: hasCustomProvider(options.bootstrap.network) },
  });
  const subscription = actor.subscribe((snapshot) => setSessionStatus(sessionStatusOf(snapshot)));
  actor.start();
  setSessionStatus(sessionStatusOf(actor.getSnapshot()));

  return {
    client,
    actor,
    queryClient,
    network: options.bootstrap.network,
    stop() {
      subscription.unsubscribe();
      actor?.stop();
    },
  };
}

/** Sends an event and resolves once the attempt it starts is over. */
export async function settle(
  runtime: Pick<SessionRuntime, 'actor'>,
  event: Parameters<SessionRuntime['actor']['send']>[0],
): Promise<SessionSnapshot> {
  runtime.actor.send(event);
  return waitFor(runtime.actor, (snapshot) => !isSessionBusy(snapshot));
}

// ---------------------------------------------------------------------------------------------
// The page's runtime, created on first use from the network's bootstrap.

let installed: { runtime: SessionRuntime; promise: Promise<SessionRuntime> } | undefined;
let creating: Promise<SessionRuntime> | undefined;

async function bootstrapOfPage(): Promise<SessionNetwork> {
  const inline = readInlineBootstrap() as Bootstrap | null;
  if (inline) return inline;
  // Under `vite dev` the page carries no bootstrap: ask the tenant service, as main.tsx does.
  return fetchBootstrap(pageLocale());
}

/** The page's session runtime; the same promise every time, so components may `use()` it. */
export function getSessionRuntime(): Promise<SessionRuntime> {
  if (installed) return installed.promise;
  if (creating) return creating;
  const promise = bootstrapOfPage().then((bootstrap) => {
    const runtime = createSessionRuntime({ bootstrap });
    // Marked as React marks a promise it has read, so `use()` after a loader does not suspend.
    Object.assign(promise, { status: 'fulfilled', value: runtime });
    installed = { runtime, promise };
    return runtime;
  });
  creating = promise;
  return promise;
}

/** Sets the page's runtime (tests give one answering from a fake backend). */
export function installSessionRuntime(runtime: SessionRuntime): void {
  installed?.runtime.stop();
  const promise = Promise.resolve(runtime);
  // `use()` reads a settled promise at once when React has seen its value.
  Object.assign(promise, { status: 'fulfilled', value: runtime });
  installed = { runtime, promise };
  creating = undefined;
}

export function uninstallSessionRuntime(): void {
  installed?.runtime.stop();
  installed = undefined;
  creating = undefined;
}
