// Route guards of the session, for route loaders (never effects): signed in (ROUTE-05), a complete
// account (ROUTE-10), the identities a page needs (ROUTE-11), and where a sign-in sends the
// traveller back to (`?redirect=`, kept within the shop's own pages). They load the session, so
// only lazy route modules import them.

import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { isAccountComplete } from '@transit-shop/sdk/validation/account-rules';
import { redirect } from 'react-router';
import { localePath, paths, splitLocale } from '../../config/paths.ts';
import { hasDefaultIdentity } from '../identity/identity-rules.ts';
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

/**
 * ROUTE-11: a page that needs an identity at the network's default provider (isDefault), such as
 * /account/identity/replace. Signed in first (ROUTE-05); an account without one goes to the account
 * page, whose sign-in methods link one.
 */
export async function requireDefaultIdentity(args: GuardArgs): Promise<AuthUser> {
  const runtime = await requireSignIn(args);
  const user = await currentUser(runtime);
  if (!user || !hasDefaultIdentity(user, runtime.network.authenticationProviders)) {
    const { locale } = splitLocale(new URL(args.request.url).pathname);
    throw redirect(localePath(locale, paths.account));
  }
  return user;
}
