// /auth/custom: back from the network's Keycloak (NET-07, decision 0044), which signs in here only
// where the network's default provider is a KEYCLOAK one; elsewhere the page is not found.
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { getSessionRuntime } from '../../../lib/session/session-runtime.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { ProviderSignInReturn } from '../components/provider-sign-in-return.tsx';
import { customProviderOf, takeSignInTarget } from '../lib/provider-sign-in.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const runtime = await getSessionRuntime();
  const provider = customProviderOf(runtime.network) ?? null;
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
  if (!provider) return <NotFoundPage />;
  return (
    <WithSession>
      <ProviderSignInReturn provider={provider} />
    </WithSession>
  );
}
