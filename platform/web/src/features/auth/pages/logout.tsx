// /auth/logout: ends the session (AUTH-07: the provider's session when it was opened with one, the
// server when logged in, then local storage, cookies, cart and tunnel) and goes home. A FranceConnect
// session ends with a visit to FranceConnect's end-session page, which sends the browser back here
// marked: the shop's session already ended before leaving, so that return leg only goes home.
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { getSessionRuntime, isProviderLogoutReturn, settle } from '../../../lib/session/session-runtime.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const runtime = await getSessionRuntime();
  const url = new URL(request.url);
  const ended = isProviderLogoutReturn(url) && sessionStatusOf(runtime.actor.getSnapshot()) === 'signedOut';
  // Otherwise the logout runs; leaving for a provider's end-session page, it never settles here.
  if (!ended) await settle(runtime, { type: 'LOGOUT' });
  throw redirect(localePath(splitLocale(url.pathname).locale, paths.home));
}

export function Component() {
  return null;
}
