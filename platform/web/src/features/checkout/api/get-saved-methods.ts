// The signed-in customer's saved cards and bank accounts as the checkout machine offers them
// (PAY-01), read from the one query of them (lib/saved-methods.ts). A visitor or a guest has none
// (AUTH-04), so the call is made only for a customer; an expired card is kept but locked, as it
// cannot be charged.
import { useQuery } from '@tanstack/react-query';
import type { SavedPaymentMethod } from '@transit-shop/flows/checkout/checkout.machine';
import type { SavedPaymentMethodAnswer } from '@transit-shop/sdk/contract/payment-methods';
import { useApiClient } from '../../../lib/api-client.ts';
import { isolatedLtr, savedMethodsQueryOptions } from '../../../lib/saved-methods.ts';

export function toSavedPaymentMethod(card: SavedPaymentMethodAnswer): SavedPaymentMethod {
  return { id: card.id, method: card.kind, label: isolatedLtr(card.label), locked: card.expired };
}

const toSavedPaymentMethods = (cards: readonly SavedPaymentMethodAnswer[]) => cards.map(toSavedPaymentMethod);

/**
 * The saved methods of `userId`, a signed-in customer, read afresh for each checkout (a payment may
 * have saved one since): not ready until read since the page opened. Nothing is asked for null; a
 * failure offers none (a new card or debit still pays).
 */
export function useSavedMethods(userId: number | null): {
  ready: boolean;
  methods: readonly SavedPaymentMethod[];
} {
  const client = useApiClient();
  const query = useQuery({
    ...savedMethodsQueryOptions(client, userId ?? 0),
    enabled: userId !== null,
    select: toSavedPaymentMethods,
    // No wait for retries: the checkout goes on without saved methods.
    retry: false,
  });
  if (userId === null) return { ready: true, methods: [] };
  if (query.isError) return { ready: true, methods: [] };
  return { ready: query.isFetchedAfterMount, methods: query.data ?? [] };
}
