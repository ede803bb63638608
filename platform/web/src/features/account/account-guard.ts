// The guard of the account pages, for their route loaders: a logged-in traveller (a guest is not;
// others go to the sign-in page and come back after, `?redirect=`), with a complete account
// (ROUTE-10). The user is then in the query cache for the page.
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { LoaderFunctionArgs } from 'react-router';
import { currentUser, requireCompleteAccount, requireSignIn } from '../../lib/session/guards.ts';

export async function requireAccountHolder(args: LoaderFunctionArgs): Promise<AuthUser | null> {
  const runtime = await requireSignIn(args);
  await requireCompleteAccount(args);
  return currentUser(runtime);
}
