// Account/update.json: the holder's own changes (profile, contact email, appearance, consent,
// email and password); the answer replaces the cached user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAccountCall } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { CallPayload } from '@transit-shop/sdk/contract/define-call';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/session/user-query-key.ts';

/** The changed fields; the session fills in the token and the holder's id. */
export type AccountChanges = Omit<CallPayload<typeof updateAccountCall>, 'userToken' | 'userId'>;

export async function updateAccount(client: TicketClient, changes: AccountChanges): Promise<AuthUser> {
  const { user } = await client.call(updateAccountCall, changes);
  return user;
}

export function useUpdateAccount() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AccountChanges) => updateAccount(client, changes),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(user.userId), user),
  });
}
