// /auth/fc/finalize: back from FranceConnect (decision 0044); on a network without a FranceConnect
// provider, the page says so (IDP-05).
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { franceConnectProviderOf } from '../../../lib/identity/identity-rules.ts';
import { getSessionRuntime } from '../../../lib/session/session-runtime.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { NoFranceConnect } from '../components/no-france-connect.tsx';
import { ProviderSignInReturn } from '../components/provider-sign-in-return.tsx';
import { takeSignInTarget } from '../lib/provider-sign-in.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const runtime = await getSessionRuntime();
  const provider = franceConnectProviderOf(runtime.network.authenticationProviders) ?? null;
  // Signed in already (another tab finished first): on to where the traveller was going.
  if (provider && sessionStatusOf(runtime.actor.getSnapshot()) === 'loggedIn') {
    throw redirect(
      takeSignInTarget(localePath(splitLocale(new URL(request.url).pathname).locale, paths.home)),
    );
  }
  return { provider };
}

export function Component() {
  const { provider } = useLoaderData<typeof loader>();
  if (!provider) return <NoFranceConnect />;
  return (
    <WithSession>
      <ProviderSignInReturn provider={provider} />
    </WithSession>
  );
}
