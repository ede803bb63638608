// The account's saved cards and bank accounts (Account/getCards.json, PM-01, PM-02), read afresh at
// each visit, and the calls that change one (PM-03): each answers the methods as they now are,
// which replace the list; the checkout's own list is then stale.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getSavedPaymentMethodsCall,
  removeCardBookmarkCall,
  type SavedPaymentMethodAnswer,
  setCardBookmarkCall,
  unregisterCardCall,
} from '@transit-shop/sdk/contract/payment-methods';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { CHECKOUT_SAVED_METHODS_KEY } from '../../../lib/saved-methods.ts';

export const paymentMethodsQueryOptions = (client: Pick<TicketClient, 'call'>, userId: number) =>
  queryOptions({
    // Not the checkout's key: it keeps the methods in the checkout machine's shape.
    queryKey: ['account-payment-methods', userId],
    queryFn: async () => (await client.call(getSavedPaymentMethodsCall, {})).cards,
    // A payment may save a method at any time.
    staleTime: 0,
  });

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
      queryClient.setQueryData(paymentMethodsQueryOptions(client, userId).queryKey, cards);
      void queryClient.invalidateQueries({ queryKey: CHECKOUT_SAVED_METHODS_KEY });
    },
  });
}
