// The tacit subscriptions' calls (decision 0043): the caller's subscriptions and one of them, never
// cached (a renewal may be charged at any time); terminating one; charging it to another saved
// method (or to a new card typed on the provider's page: ./card-setup.ts); and a renewal notice's
// link, read and used without a session. A change answers the subscription as it now is; what else
// it may have changed is read again: the list, the saved methods (their "used for a subscription"
// lock), and the tickets and invoices a charge made at once brings.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getSubscriptionCall,
  type LinkedSubscription,
  listSubscriptionsCall,
  readTerminationLinkCall,
  type SubscriptionDetail,
  terminateByLinkCall,
  terminateSubscriptionCall,
  updateSubscriptionCardCall,
} from '@transit-shop/sdk/contract/subscriptions';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { useCallback } from 'react';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { savedMethodsQueryOptions } from '../../../lib/saved-methods.ts';

type Client = Pick<TicketClient, 'call'>;

/** An answer the backend gave on purpose (not found, link used) is not asked again. */
export const retryUnlessRefused = (failures: number, error: unknown) =>
  failures < 1 && !(isAppError(error) && error.code.startsWith('SUBSCRIPTION_'));

const subscriptionsKey = (userId: number) => ['subscriptions', userId] as const;

/** SUB-02: the caller's subscriptions on the network, active and blocked first, then terminated. */
export const subscriptionsQueryOptions = (client: Client, userId: number) =>
  queryOptions({
    queryKey: subscriptionsKey(userId),
    queryFn: async () => (await client.call(listSubscriptionsCall, {})).subscriptions,
    staleTime: 0,
  });

/** SUB-01: one subscription with its periods and charges; SUBSCRIPTION_NOT_FOUND when not the caller's (SUB-05). */
export const subscriptionQueryOptions = (client: Client, userId: number, subscriptionId: number) =>
  queryOptions({
    queryKey: [...subscriptionsKey(userId), subscriptionId],
    queryFn: () => client.call(getSubscriptionCall, { subscriptionId }),
    staleTime: 0,
    retry: retryUnlessRefused,
  });

export type SubscriptionChange = { change: 'terminate' } | { change: 'updateCard'; cardId: number };

/**
 * Shows the subscription as a change answered it (terminated, moved to another method, a new card
 * saved), and reads again what else the change may have moved.
 */
export function useSubscriptionChanged(userId: number, subscriptionId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    async (detail: SubscriptionDetail) => {
      queryClient.setQueryData(subscriptionQueryOptions(client, userId, subscriptionId).queryKey, detail);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionsKey(userId), exact: true }),
        queryClient.invalidateQueries({ queryKey: savedMethodsQueryOptions(client, userId).queryKey }),
        // A period charged at once is an order: its tickets (the wallet's, a card's) and invoice.
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['transport-cards', userId] }),
        queryClient.invalidateQueries({ queryKey: ['orders', userId] }),
      ]);
    },
    [client, queryClient, userId, subscriptionId],
  );
}

/** Terminates the subscription or charges it to another saved method, for the signed-in `userId`. */
export function useChangeSubscription(userId: number, subscriptionId: number) {
  const client = useApiClient();
  const changed = useSubscriptionChanged(userId, subscriptionId);
  return useMutation({
    mutationFn: (request: SubscriptionChange): Promise<SubscriptionDetail> =>
      request.change === 'terminate'
        ? client.call(terminateSubscriptionCall, { subscriptionId })
        : client.call(updateSubscriptionCardCall, { subscriptionId, cardId: request.cardId }),
    onSuccess: changed,
  });
}

/** What a notice's link names; SUBSCRIPTION_LINK_INVALID once used, expired or unknown. */
export const terminationLinkQueryOptions = (client: Client, token: string) =>
  queryOptions({
    queryKey: ['subscription-link', token],
    queryFn: () => client.call(readTerminationLinkCall, { token }),
    staleTime: 0,
    retry: retryUnlessRefused,
  });

/** Terminates the subscription a notice's link names: the link is used up. */
export function useTerminateByLink(token: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<LinkedSubscription> => client.call(terminateByLinkCall, { token }),
    onSuccess: (linked) => {
      queryClient.setQueryData(terminationLinkQueryOptions(client, token).queryKey, linked);
      // Whoever is signed in on this device sees it terminated in their account too.
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
    },
  });
}
