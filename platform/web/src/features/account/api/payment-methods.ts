// The calls that change one of the account's saved cards and bank accounts (PM-03): each answers
// the methods as they now are, which replace the one list of them (lib/saved-methods.ts), the
// checkout's included.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  removeCardBookmarkCall,
  type SavedPaymentMethodAnswer,
  setCardBookmarkCall,
  unregisterCardCall,
} from '@transit-shop/sdk/contract/payment-methods';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { savedMethodsQueryOptions } from '../../../lib/saved-methods.ts';

export type PaymentMethodChange = 'remove' | 'bookmark' | 'unbookmark';

/** The methods as they are after the change. */
export async function changePaymentMethod(
  client: Pick<TicketClient, 'call'>,
  change: PaymentMethodChange,
  cardId: number,
): Promise<SavedPaymentMethodAnswer[]> {
  switch (change) {
    case 'remove':
      return (await client.call(unregisterCardCall, { cardId })).cards;
    case 'bookmark':
      return (await client.call(setCardBookmarkCall, { cardId })).cards;
    case 'unbookmark':
      return (await client.call(removeCardBookmarkCall, { cardId })).cards;
  }
}

export type PaymentMethodChangeRequest = { change: PaymentMethodChange; method: SavedPaymentMethodAnswer };

/** One change at a time, for the signed-in customer `userId`. */
export function useChangePaymentMethod(userId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, method }: PaymentMethodChangeRequest) =>
      changePaymentMethod(client, change, method.id),
    onSuccess: (cards) => {
      queryClient.setQueryData(savedMethodsQueryOptions(client, userId).queryKey, cards);
    },
  });
}
