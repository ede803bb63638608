// The pages of signing in and out (by email or with a transport card), registration, password
// reset and account verification. Each is a lazy module with its guard as its loader.
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';
import { readSessionStatus } from '../../lib/session/session-status.ts';

const signIn = () => import('./pages/sign-in.tsx');

export const authRoutes: RouteObject[] = [
  { path: paths.auth.slice(1), lazy: signIn },
  { path: paths.authLogin.slice(1), lazy: signIn },
  { path: paths.authRegister.slice(1), lazy: () => import('./pages/register.tsx') },
  { path: paths.authReset.slice(1), lazy: () => import('./pages/reset.tsx') },
  { path: paths.authFinalize.slice(1), lazy: () => import('./pages/finalize.tsx') },
  { path: paths.authMedia.slice(1), lazy: () => import('./pages/media-sign-in.tsx') },
  { path: paths.authMediaSearch.slice(1), lazy: () => import('./pages/media-search.tsx') },
  { path: paths.authMediaRegister.slice(1), lazy: () => import('./pages/media-register.tsx') },
  { path: paths.authLogout.slice(1), lazy: () => import('./pages/logout.tsx') },
  { path: paths.unverifiedAccount.slice(1), lazy: () => import('./pages/unverified-account.tsx') },
  { path: paths.verifyAccount.slice(1), lazy: () => import('./pages/verify-account.tsx') },
];

/**
 * ROUTE-10 as a loader for any page (or a pathless route around pages) outside the sign-in and
 * legal pages: a logged-in account lacking first name, last name or email goes to auth/finalize
 * first. Light enough for the first paint: the session and its guard load only for a visitor
 * whose cookie says logged in.
 */
export async function completeAccountLoader(args: LoaderFunctionArgs): Promise<null> {
  if (readSessionStatus() !== 'loggedIn') return null;
  const { requireCompleteAccount } = await import('../../lib/session/guards.ts');
  await requireCompleteAccount(args);
  return null;
}
