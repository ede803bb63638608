// Account/setProfilePassword.json: the email and password a traveller signs in with by themselves
// (decision 0044); the answer replaces the cached user, the profile now with its sign-in email.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setProfilePasswordCall } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/session/user-query-key.ts';

export type TravellerSignIn = { profileId: number; email: string; password: string };

export async function setProfilePassword(client: TicketClient, signIn: TravellerSignIn): Promise<AuthUser> {
  const { user } = await client.call(setProfilePasswordCall, {
    userId: signIn.profileId,
    email: signIn.email,
    password: signIn.password,
  });
  return user;
}

export function useSetProfilePassword() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signIn: TravellerSignIn) => setProfilePassword(client, signIn),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(user.userId), user),
  });
}
