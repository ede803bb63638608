// Account/disableProfile: deactivates a traveller profile (ACC-05); the answer replaces the
// cached user, the profile now inactive among its profiles.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disableProfileCall } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/session/user-query-key.ts';

export async function disableProfile(client: TicketClient, profileId: number): Promise<AuthUser> {
  // The profile's id, never the holder's: the call names only the token as its session field.
  const { user } = await client.call(disableProfileCall, { userId: profileId });
  return user;
}

export function useDisableProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: number) => disableProfile(client, profileId),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(user.userId), user),
  });
}
