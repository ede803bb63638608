// Account/update.json with what an incomplete account lacks (auth/finalize, ROUTE-10); the answer
// replaces the cached user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAccountCall } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/session/user-query-key.ts';

export type CompleteAccountInput = {
  firstName: string;
  lastName: string;
  /** Only when the account has no email yet, with the password that proves the change. */
  email?: { email: string; password: string };
};

export async function completeAccount(client: TicketClient, input: CompleteAccountInput): Promise<AuthUser> {
  const { user } = await client.call(updateAccountCall, {
    userName: input.firstName,
    userLastname: input.lastName,
    ...(input.email ?? {}),
  });
  return user;
}

export function useCompleteAccount() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompleteAccountInput) => completeAccount(client, input),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(user.userId), user),
  });
}
