// /account/identity/add: where a provider sends the browser back after linking an identity to the
// account (decision 0044); opened without a return, the way to a provider not linked yet. For a
// signed-in account holder, not a guest (ROUTE-05, ROUTE-10).
import type { LoaderFunctionArgs } from 'react-router';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { requireAccountHolder } from '../account-guard.ts';
import { IdentityReturn } from '../components/identity-return.tsx';

export async function loader(args: LoaderFunctionArgs) {
  await requireAccountHolder(args);
  return null;
}

export function Component() {
  return (
    <WithSession>
      <IdentityReturn purpose="link" />
    </WithSession>
  );
}
