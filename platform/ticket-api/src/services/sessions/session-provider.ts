// The sign-in provider a session was opened with (decision 0044), as the session's network
// configures it now: the auth user's signedInWith, and the viewer of CAT-03.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { SessionRow } from '../../db/schema/sessions.ts';

type ProviderConfig = LoadedNetwork['network']['config']['authenticationProviders'][number];

/** Null for a session opened otherwise, or with a provider the network no longer has. */
export function sessionProviderOf(
  network: LoadedNetwork,
  session: Pick<SessionRow, 'authProviderId'> | null,
): ProviderConfig | null {
  const id = session?.authProviderId;
  if (id === null || id === undefined) return null;
  return network.network.config.authenticationProviders.find((provider) => provider.id === id) ?? null;
}
