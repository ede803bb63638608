// Account/sendVerificationEmail: the verification link again; answers when the next may be asked (AUTH-11).
import { useMutation } from '@tanstack/react-query';
import { sendVerificationEmailCall } from '@transit-shop/sdk/contract/account';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';

export async function sendVerificationEmail(client: TicketClient): Promise<{ nextRequestAt: Date }> {
  const { nextRequestAt } = await client.call(sendVerificationEmailCall, {});
  return { nextRequestAt: new Date(nextRequestAt) };
}

export function useSendVerificationEmail() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => sendVerificationEmail(client) });
}
