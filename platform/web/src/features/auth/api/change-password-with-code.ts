// Actions/useCode with LEGACY_PASSWORD_CHANGE: the code of the emailed link sets a new password.
import { useMutation } from '@tanstack/react-query';
import { applyActionCodeCall } from '@transit-shop/sdk/contract/account';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';

export type ChangePasswordWithCodeInput = { code: string; newPassword: string };

export async function changePasswordWithCode(
  client: TicketClient,
  input: ChangePasswordWithCodeInput,
): Promise<void> {
  await client.call(applyActionCodeCall, { ...input, action: 'LEGACY_PASSWORD_CHANGE' });
}

export function useChangePasswordWithCode() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: ChangePasswordWithCodeInput) => changePasswordWithCode(client, input),
  });
}
