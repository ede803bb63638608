// /account/identity/replace: where a provider sends the browser back after signing in with the
// identity to put in place of the account's one at that provider (decision 0044); opened without a
// return, the way to a linked provider. For an account holder with a default identity (ROUTE-11).
import type { LoaderFunctionArgs } from 'react-router';
import { requireDefaultIdentity } from '../../../lib/session/guards.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { requireAccountHolder } from '../account-guard.ts';
import { IdentityReturn } from '../components/identity-return.tsx';

export async function loader(args: LoaderFunctionArgs) {
  await requireAccountHolder(args);
  await requireDefaultIdentity(args);
  return null;
}

export function Component() {
  return (
    <WithSession>
      <IdentityReturn purpose="replace" />
    </WithSession>
  );
}
