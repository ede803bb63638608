// Account/resetPassword: emails the instructions to choose a new password (AUTH-06).
import { useMutation } from '@tanstack/react-query';
import { resetPasswordCall } from '@transit-shop/sdk/contract/account';
import type { Locale } from '@transit-shop/sdk/locales';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';

export type ResetPasswordInput = { email: string; locale: Locale };

export async function resetPassword(client: TicketClient, input: ResetPasswordInput): Promise<void> {
  await client.call(resetPasswordCall, input);
}

export function useResetPassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: ResetPasswordInput) => resetPassword(client, input) });
}
