// Route guards of the session, for route loaders (never effects): signed in (ROUTE-05), a complete
// account (ROUTE-10), an identity at the network's default provider or at its FranceConnect one
// (ROUTE-11), and where a sign-in sends the traveller back to (`?redirect=`, kept within the shop's
// own pages). They load the session, so only lazy route modules import them.

import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { AuthenticationProvider } from '@transit-shop/sdk/contract/networks';
import { isAccountComplete } from '@transit-shop/sdk/validation/account-rules';
import { redirect } from 'react-router';
import { localePath, paths, splitLocale } from '../../config/paths.ts';
import { defaultIdentityProviderOf, franceConnectIdentityProviderOf } from '../identity/identity-rules.ts';
import { getUserQueryOptions } from './get-user.ts';
import { pathWithRedirect, requestedPath } from './redirect-target.ts';
import { getSessionRuntime, type SessionRuntime } from './session-runtime.ts';

export { pathWithRedirect, redirectTargetOf, safeRedirectPath } from './redirect-target.ts';

import type { GuardArgs } from './redirect-target.ts';

export type { GuardArgs };

/** The user of the session, or null when there is none or it cannot be read now. */
export async function currentUser(runtime: SessionRuntime): Promise<AuthUser | null> {
  const ticket = runtime.actor.getSnapshot().context.ticket;
  if (!ticket) return null;
  try {
    return await runtime.queryClient.ensureQueryData(getUserQueryOptions(runtime.client, ticket));
  } catch {
    // An expired session shows its modal (the client told the session); another failure lets the
    // page show and report it itself.
    return null;
  }
}

/** ROUTE-05: a logged-in traveller (a guest is not), otherwise the sign-in page, coming back here after. */
export async function requireSignIn({ request }: GuardArgs): Promise<SessionRuntime> {
  const runtime = await getSessionRuntime();
  if (sessionStatusOf(runtime.actor.getSnapshot()) !== 'loggedIn') {
    throw redirect(pathWithRedirect(request, paths.auth, requestedPath(request)));
  }
  return runtime;
}

/**
 * ROUTE-10: a logged-in, non-guest traveller whose account lacks first name, last name or email
 * completes it first (auth/finalize), then comes back here. Every page but the sign-in pages and
 * the legal pages applies it.
 */
export async function requireCompleteAccount({ request }: GuardArgs): Promise<AuthUser | null> {
  const runtime = await getSessionRuntime();
  if (sessionStatusOf(runtime.actor.getSnapshot()) !== 'loggedIn') return null;
  const user = await currentUser(runtime);
  if (user && !user.authAsGuest && !isAccountComplete(user)) {
    throw redirect(pathWithRedirect(request, paths.authFinalize, requestedPath(request)));
  }
  return user;
}

/** A signed-in account holder and the provider of the identity a page needs (ROUTE-11). */
export type IdentityHolder = { runtime: SessionRuntime; user: AuthUser; provider: AuthenticationProvider };

/** ROUTE-11: signed in (ROUTE-05), with an identity at the providers `providerOf` finds; others go to the account page. */
async function requireIdentity(
  args: GuardArgs,
  providerOf: (
    user: AuthUser,
    providers: readonly AuthenticationProvider[],
  ) => AuthenticationProvider | undefined,
): Promise<IdentityHolder> {
  const runtime = await requireSignIn(args);
  const user = await currentUser(runtime);
  const provider = user ? providerOf(user, runtime.network.authenticationProviders) : undefined;
  if (!user || !provider) {
    throw redirect(localePath(splitLocale(new URL(args.request.url).pathname).locale, paths.account));
  }
  return { runtime, user, provider };
}

/** ROUTE-11: pages that need an identity at the network's default provider (replacing it). */
export function requireDefaultIdentity(args: GuardArgs): Promise<IdentityHolder> {
  return requireIdentity(args, defaultIdentityProviderOf);
}

/** ROUTE-11: the FranceConnect pages of a signed-in account need its FranceConnect identity. */
export function requireFranceConnectIdentity(args: GuardArgs): Promise<IdentityHolder> {
  return requireIdentity(args, franceConnectIdentityProviderOf);
}
