// The pages of signing in and out (by email, with a transport card or a network's OpenID provider),
// registration, password reset, account verification and unlinking FranceConnect. Each is a lazy
// module with its guard as its loader.
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';

const signIn = () => import('./pages/sign-in.tsx');
const providerReturns = () => import('./pages/provider-returns.ts');

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
  // Back from a network's OpenID provider (decision 0044): its Keycloak (NET-07), FranceConnect, and
  // FranceConnect's sign-in again before its identity is unlinked (IDP-03).
  { path: paths.authCustom.slice(1), lazy: async () => (await providerReturns()).customSignIn },
  {
    path: paths.authFranceConnectFinalize.slice(1),
    lazy: async () => (await providerReturns()).franceConnectSignIn,
  },
  {
    path: paths.authFranceConnectDeleteIdentity.slice(1),
    lazy: async () => (await providerReturns()).franceConnectDeleteIdentity,
  },
  { path: paths.unverifiedAccount.slice(1), lazy: () => import('./pages/unverified-account.tsx') },
  { path: paths.verifyAccount.slice(1), lazy: () => import('./pages/verify-account.tsx') },
];
