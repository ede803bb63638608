// ROUTE-10 as a loader for any page (or a pathless route around pages) outside the sign-in and
// legal pages: a logged-in account lacking first name, last name or email goes to auth/finalize
// first. Light enough for the first paint: the session and its guard load only for a visitor
// whose cookie says logged in.
import type { LoaderFunctionArgs } from 'react-router';
import { readSessionStatus } from '../../lib/session/session-status.ts';

export async function completeAccountLoader(args: LoaderFunctionArgs): Promise<null> {
  if (readSessionStatus() !== 'loggedIn') return null;
  const { requireCompleteAccount } = await import('../../lib/session/guards.ts');
  await requireCompleteAccount(args);
  return null;
}
