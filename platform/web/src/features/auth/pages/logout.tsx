// /auth/logout: ends the session (AUTH-07: the custom provider, the server when logged in, then
// local storage, cookies, cart and tunnel) and goes home.
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { getSessionRuntime, settle } from '../../../lib/session/session-runtime.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const runtime = await getSessionRuntime();
  await settle(runtime, { type: 'LOGOUT' });
  throw redirect(localePath(splitLocale(new URL(request.url).pathname).locale, paths.home));
}

export function Component() {
  return null;
}
