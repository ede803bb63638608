// account/identities (decision 0044): the account's identities at this network's providers, matched
// by issuer, with the provider's name and driver and when each was linked.
import type { LinkedIdentityDetails } from '@transit-shop/sdk/contract/authentication';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { Database } from '../../db/database.ts';
import { identitiesOfUser } from '../identity/linked-identities.ts';

export async function listIdentities(options: {
  db: Database;
  network: LoadedNetwork;
  userId: number;
}): Promise<{ identities: LinkedIdentityDetails[] }> {
  const linked = new Map(
    (await identitiesOfUser(options.db, options.userId)).map((identity) => [identity.issuer, identity]),
  );
  return {
    identities: options.network.network.config.authenticationProviders.flatMap((provider) => {
      const identity = linked.get(provider.issuer);
      return identity
        ? [
            {
              providerId: provider.id,
              driver: provider.driver,
              name: provider.name,
              linkedAt: identity.createdAt.toISOString(),
            },
          ]
        : [];
    }),
  };
}
