// Account/createProfile.json: a new traveller profile (ACC-05); the answer's user, with the new
// profile among its profiles, replaces the cached user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProfileCall } from '@transit-shop/sdk/contract/account';
import type { AuthUser, TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/session/user-query-key.ts';

export type NewTraveller = {
  firstName: string;
  lastName: string;
  /** Left out where the network hides the birth date (NET-06). */
  birthday?: string | null;
  cardNumber?: string | null;
};

export async function createProfile(
  client: TicketClient,
  traveller: NewTraveller,
): Promise<{ user: AuthUser; profile: TravellerProfile }> {
  return client.call(createProfileCall, {
    userName: traveller.firstName,
    userLastname: traveller.lastName,
    ...(traveller.birthday === undefined ? {} : { userBirthday: traveller.birthday }),
    ...(traveller.cardNumber ? { cardNumber: traveller.cardNumber } : {}),
  });
}

export function useCreateProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (traveller: NewTraveller) => createProfile(client, traveller),
    onSuccess: ({ user }) => queryClient.setQueryData(userQueryKey(user.userId), user),
  });
}
