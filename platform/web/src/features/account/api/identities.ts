// account/identities (the account's identities at the network's providers, decision 0044), and the
// link of the identity a provider sent the browser back with: its code exchanged for a verified
// identity's token (authentication/exchangeAuthorizationCode), spent by account/createIdentity, in
// place of the account's identity at that provider on the replace page.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createIdentityCall,
  exchangeAuthorizationCodeCall,
  identitiesCall,
  type LinkedIdentityDetails,
} from '@transit-shop/sdk/contract/authentication';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { useSessionRuntime } from '../../../lib/session/use-session.tsx';
import { userQueryKey } from '../../../lib/session/user-query-key.ts';

export const identitiesQueryOptions = (client: Pick<TicketClient, 'call'>, userId: number) =>
  queryOptions({
    queryKey: ['identities', userId],
    queryFn: async (): Promise<LinkedIdentityDetails[]> => (await client.call(identitiesCall, {})).identities,
    staleTime: 30_000,
  });

export type IdentityLink = { code: string; state: string; replace: boolean };

export type LinkedIdentities = { providerId: number; identities: LinkedIdentityDetails[] };

export async function linkIdentity(
  client: Pick<TicketClient, 'call'>,
  { code, state, replace }: IdentityLink,
): Promise<LinkedIdentities> {
  const verified = await client.call(exchangeAuthorizationCodeCall, { code, state });
  const { identities } = await client.call(createIdentityCall, {
    authProviderToken: verified.authProviderToken,
    ...(replace ? { replace: true } : {}),
  });
  return { providerId: verified.authProviderId, identities };
}

/** The link; its answer replaces the cached identities, and the user is read again (IDP-01, ROUTE-11). */
export function useLinkIdentity() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { actor } = useSessionRuntime();
  return useMutation({
    mutationFn: (link: IdentityLink) => linkIdentity(client, link),
    onSuccess: async ({ identities }) => {
      const userId = actor.getSnapshot().context.ticket?.userId;
      if (userId === undefined) return;
      queryClient.setQueryData(identitiesQueryOptions(client, userId).queryKey, identities);
      await queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
    },
  });
}
