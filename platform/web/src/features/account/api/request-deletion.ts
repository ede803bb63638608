// Account/requestDeletion: starts the 30-day withdrawal period and ends the session (ACC-06); the
// deletion machine calls it through its requestDeletion actor.
import type { DeletionReceipt } from '@transit-shop/flows/account-deletion/account-deletion.machine';
import { requestDeletionCall } from '@transit-shop/sdk/contract/account';
import type { TicketClient } from '../../../lib/api-client.ts';

export async function requestDeletion(client: TicketClient): Promise<DeletionReceipt> {
  return client.call(requestDeletionCall, {});
}
