// Account/getCards.json for the checkout: the signed-in customer's saved cards and bank accounts
// as the checkout machine offers them (PAY-01). A visitor or a guest has none (AUTH-04), so the
// call is made only for a customer; an expired card is kept but locked, as it cannot be charged.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedPaymentMethod } from '@transit-shop/flows/checkout/checkout.machine';
import {
  getSavedPaymentMethodsCall,
  type SavedPaymentMethodAnswer,
} from '@transit-shop/sdk/contract/payment-methods';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { CHECKOUT_SAVED_METHODS_KEY, isolatedLtr } from '../../../lib/saved-methods.ts';

export function toSavedPaymentMethod(card: SavedPaymentMethodAnswer): SavedPaymentMethod {
  return { id: card.id, method: card.kind, label: isolatedLtr(card.label), locked: card.expired };
}

export async function getSavedMethods(client: Pick<TicketClient, 'call'>): Promise<SavedPaymentMethod[]> {
  const { cards } = await client.call(getSavedPaymentMethodsCall, {});
  return cards.map(toSavedPaymentMethod);
}

/** The customer's methods, read afresh for each checkout: a payment may have saved one since. */
export const savedMethodsQueryOptions = (client: Pick<TicketClient, 'call'>, userId: number) =>
  queryOptions({
    queryKey: [...CHECKOUT_SAVED_METHODS_KEY, userId],
    queryFn: () => getSavedMethods(client),
    staleTime: 0,
    gcTime: 0,
    // A failure offers no saved method (a new card or debit still pays): no wait for retries.
    retry: false,
  });

/** The saved methods of `userId`, a signed-in customer; nothing is asked for null. */
export function useSavedMethods(userId: number | null) {
  const client = useApiClient();
  return useQuery({ ...savedMethodsQueryOptions(client, userId ?? 0), enabled: userId !== null });
}
