// /auth/custom: back from the network's Keycloak (NET-07, decision 0044), which signs in here only
// where the network's default provider is a KEYCLOAK one; elsewhere the page is not found.
import { useLoaderData } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { ProviderSignInReturn } from '../components/provider-sign-in-return.tsx';
import { providerReturnLoader } from '../lib/provider-return-loader.ts';
import { customProviderOf } from '../lib/provider-sign-in.ts';

export const loader = providerReturnLoader(customProviderOf);

export function Component() {
  const { provider } = useLoaderData<typeof loader>();
  if (!provider) return <NotFoundPage />;
  return (
    <WithSession>
      <ProviderSignInReturn provider={provider} />
    </WithSession>
  );
}
