// Account/reactivate: cancels a pending deletion (ACC-07); the answer replaces the cached user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reactivateAccountCall } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/session/user-query-key.ts';

export async function reactivateAccount(client: TicketClient): Promise<AuthUser> {
  const { user } = await client.call(reactivateAccountCall, {});
  return user;
}

export function useReactivateAccount() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reactivateAccount(client),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(user.userId), user),
  });
}
