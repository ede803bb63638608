// Account/getUser.json: the current user of the session, kept in the query cache (the login and
// every account change answer the user and replace it there).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionTicket } from '@transit-shop/flows/session/session.machine';
import { getUserCall } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { TicketClient } from '../api-client.ts';
import { useApiClient } from '../api-client.ts';
import { useSessionTicket } from './use-session.tsx';
import { userQueryKey } from './user-query-key.ts';

export { userQueryKey };

export async function getUser(client: TicketClient): Promise<AuthUser> {
  const { user } = await client.call(getUserCall, {});
  return user;
}

/** The user of this session; null without a session, so the key changes with the session. */
export const getUserQueryOptions = (client: TicketClient, ticket: SessionTicket | null) =>
  queryOptions({
    queryKey: userQueryKey(ticket?.userId ?? null),
    queryFn: (): Promise<AuthUser | null> => (ticket ? getUser(client) : Promise.resolve(null)),
    staleTime: 60_000,
  });

export function useUser() {
  const client = useApiClient();
  const ticket = useSessionTicket();
  return useQuery(getUserQueryOptions(client, ticket));
}
