// A new card for a subscription, typed on the provider's page (Subscriptions/newCard and
// Subscriptions/cardSetup, decision 0043): opening that page, and reading where the setup stands
// once the provider sends the browser back, every second while it is open, for half a minute.
import { type Query, queryOptions, useMutation } from '@tanstack/react-query';
import {
  type CardSetupAnswer,
  readCardSetupCall,
  startCardSetupCall,
} from '@transit-shop/sdk/contract/subscriptions';
import { type TicketClient, useApiClient } from '../../../lib/api-client.ts';
import { providerPage } from '../../../lib/provider-page.ts';
import { retryUnlessRefused } from './subscriptions.ts';

type Client = Pick<TicketClient, 'call'>;

/** How often an open setup is read again, and for how long before the page says to come back later. */
export const CARD_SETUP_POLL_MS = 1_000;
export const CARD_SETUP_WAIT_MS = 30_000;

/**
 * Opens the provider's page for a new card: asks for it with the shop's path the provider sends the
 * browser back to, then leaves the shop for it.
 */
export function useStartCardSetup(subscriptionId: number) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (returnUrl: string) => client.call(startCardSetupCall, { subscriptionId, returnUrl }),
    onSuccess: (started) => providerPage.open(started.redirectUrl),
  });
}

type SetupQuery = Pick<Query<CardSetupAnswer>['state'], 'data' | 'dataUpdatedAt'>;

/** Still open when last read, and read within the wait since `since`: read again. */
export const readsAgain = (state: SetupQuery, since: number) =>
  state.data?.status === 'OPEN' && state.dataUpdatedAt - since < CARD_SETUP_WAIT_MS;

/** Still open when last read after the wait since `since`: the page stops reading. */
export const gaveUpWaiting = (state: SetupQuery, since: number) =>
  state.data?.status === 'OPEN' && state.dataUpdatedAt - since >= CARD_SETUP_WAIT_MS;

/** Where a card setup stands; `since` is when the page started waiting for it. */
export const cardSetupQueryOptions = (
  client: Client,
  userId: number,
  subscriptionId: number,
  setupId: string,
  since: number,
) =>
  queryOptions({
    queryKey: ['card-setup', userId, subscriptionId, setupId],
    queryFn: () => client.call(readCardSetupCall, { subscriptionId, setupId }),
    staleTime: 0,
    retry: retryUnlessRefused,
    refetchInterval: (query) => (readsAgain(query.state, since) ? CARD_SETUP_POLL_MS : false),
    // A settled setup stays settled: a window brought back to the front does not ask again.
    refetchOnWindowFocus: (query) => query.state.data?.status === 'OPEN',
  });
