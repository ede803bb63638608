// /auth/fc/finalize: back from FranceConnect (decision 0044); on a network without a FranceConnect
// provider, the page says so (IDP-05).
import { useLoaderData } from 'react-router';
import { franceConnectProviderOf } from '../../../lib/identity/identity-rules.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { NoFranceConnect } from '../components/no-france-connect.tsx';
import { ProviderSignInReturn } from '../components/provider-sign-in-return.tsx';
import { providerReturnLoader } from '../lib/provider-return-loader.ts';

export const loader = providerReturnLoader((network) =>
  franceConnectProviderOf(network.authenticationProviders),
);

export function Component() {
  const { provider } = useLoaderData<typeof loader>();
  if (!provider) return <NoFranceConnect />;
  return (
    <WithSession>
      <ProviderSignInReturn provider={provider} />
    </WithSession>
  );
}
