// The loader of a page a provider signs in on (/auth/custom, /auth/fc/finalize): the network's
// provider for it, or null where the network has none; a traveller already signed in (another tab
// finished first) goes on to where they were going.
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import type { AuthenticationProvider } from '@transit-shop/sdk/contract/networks';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { getSessionRuntime, type SessionRuntime } from '../../../lib/session/session-runtime.ts';
import { takeSignInTarget } from './provider-sign-in.ts';

export function providerReturnLoader(
  providerOf: (network: SessionRuntime['network']) => AuthenticationProvider | null | undefined,
) {
  return async ({ request }: LoaderFunctionArgs) => {
    const runtime = await getSessionRuntime();
    const provider = providerOf(runtime.network) ?? null;
    if (provider && sessionStatusOf(runtime.actor.getSnapshot()) === 'loggedIn') {
      throw redirect(
        takeSignInTarget(localePath(splitLocale(new URL(request.url).pathname).locale, paths.home)),
      );
    }
    return { provider };
  };
}
