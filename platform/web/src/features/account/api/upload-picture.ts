// Media/uploadMedia.json: the profile picture, sent as a file (ACC-04); the answer, the user with
// its new picture address, replaces the cached user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadPictureCall } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/session/user-query-key.ts';

export async function uploadPicture(client: TicketClient, picture: Blob): Promise<AuthUser> {
  const { user } = await client.call(uploadPictureCall, { media: picture });
  return user;
}

export function useUploadPicture() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (picture: Blob) => uploadPicture(client, picture),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(user.userId), user),
  });
}
