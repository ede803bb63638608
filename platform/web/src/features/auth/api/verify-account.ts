// Account/verify: the code of the emailed verification link (AUTH-11); works without a session.
import { verifyAccountCall } from '@transit-shop/sdk/contract/account';
import type { TicketClient } from '../../../lib/api-client.ts';

export async function verifyAccount(client: TicketClient, code: string): Promise<{ verifiedAt: string }> {
  return client.call(verifyAccountCall, { code });
}
