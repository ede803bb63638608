// A traveller profile's names, birthday and card number, changed with Account/update.json under
// the holder's session and the profile's id (there is no call of its own; ACC-05). The answer replaces the
// cached user when it is the holder; otherwise the holder is asked for again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAccountCall } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/session/user-query-key.ts';

export type TravellerChanges = {
  profileId: number;
  firstName: string;
  lastName: string;
  /** Left out where the network hides the birth date (NET-06). */
  birthday?: string | null;
  /** The transport card number; null removes it. */
  cardNumber: string | null;
};

export async function updateProfile(client: TicketClient, changes: TravellerChanges): Promise<AuthUser> {
  const { user } = await client.call(updateAccountCall, {
    userId: changes.profileId,
    userName: changes.firstName,
    userLastname: changes.lastName,
    ...(changes.birthday === undefined ? {} : { userBirthday: changes.birthday }),
    cardNumber: changes.cardNumber,
  });
  return user;
}

export function useUpdateProfile(holderId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TravellerChanges) => updateProfile(client, changes),
    onSuccess: async (user) => {
      if (user.userId === holderId) queryClient.setQueryData(userQueryKey(holderId), user);
      else await queryClient.invalidateQueries({ queryKey: userQueryKey(holderId) });
    },
  });
}
