// The guards of the account pages, for their route loaders: a logged-in traveller (a guest is not;
// others go to the sign-in page and come back after, `?redirect=`), with a complete account
// (ROUTE-10). The user is then in the query cache for the page. The subscriptions' pages exist only
// where the network sells subscriptions.
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { LoaderFunctionArgs } from 'react-router';
import { currentUser, requireCompleteAccount, requireSignIn } from '../../lib/session/guards.ts';
import { getSessionRuntime } from '../../lib/session/session-runtime.ts';

export async function requireAccountHolder(args: LoaderFunctionArgs): Promise<AuthUser | null> {
  const runtime = await requireSignIn(args);
  await requireCompleteAccount(args);
  return currentUser(runtime);
}

/** Whether the network sells tacit subscriptions (has_subscriptions): elsewhere their pages are not found. */
export async function hasSubscriptions(): Promise<boolean> {
  return (await getSessionRuntime()).network.configuration.has_subscriptions;
}
