// What the checkout and the account's payment methods page share about saved payment methods: the
// one query of a customer's methods (Account/getCards.json) as the server answers them, which each
// page reads in its own shape, and how a method's label reads in every language.
import { queryOptions } from '@tanstack/react-query';
import { getSavedPaymentMethodsCall } from '@transit-shop/sdk/contract/payment-methods';
import type { TicketClient } from './api-client.ts';

/**
 * A card number or IBAN reads left to right in every language: isolated (LRI … PDI), so an Arabic
 * sentence around it does not reorder its groups and expiry.
 */
export const isolatedLtr = (text: string) => `\u2066${text}\u2069`;

/** The saved methods of the signed-in customer `userId`; a change answers them as they now are. */
export const savedMethodsQueryOptions = (client: Pick<TicketClient, 'call'>, userId: number) =>
  queryOptions({
    queryKey: ['saved-payment-methods', userId],
    queryFn: async () => (await client.call(getSavedPaymentMethodsCall, {})).cards,
    // A payment may save a method at any time: read afresh at each visit.
    staleTime: 0,
  });
