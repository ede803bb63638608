// The app's one client of the ticket backend (sdk createTicketClient at the network's API base,
// signing with its key), given to components through React context so tests give their own.

import {
  createTicketClient,
  type TicketClient,
  type TicketSession,
} from '@transit-shop/sdk/client/ticket-client';
import type { TicketApiError } from '@transit-shop/sdk/errors/client-errors';
import type { Bootstrap } from '@transit-shop/tenancy';
import { createContext, createElement, type ReactNode, useContext } from 'react';

export type { TicketClient, TicketSession };

export type ApiClientOptions = {
  bootstrap: Pick<Bootstrap, 'apiBase'> & { network: Pick<Bootstrap['network'], 'id' | 'signingKey'> };
  /** The session's userToken and userId, filled into authenticated calls. */
  getSession: () => TicketSession | undefined;
  /** AUTH-10: the backend said the session expired. */
  onSessionExpired: (error: TicketApiError) => void;
  /** Tests answer in place of the backend. */
  fetch?: typeof globalThis.fetch;
};

/** The API base as an address: the sdk client resolves paths against it. */
function apiBaseUrl(apiBase: string): string {
  if (typeof location === 'undefined' || /^[a-z][a-z\d+.-]*:/i.test(apiBase)) return apiBase;
  return new URL(apiBase, location.origin).href;
}

export function createApiClient({ bootstrap, getSession, onSessionExpired, fetch }: ApiClientOptions) {
  return createTicketClient({
    baseUrl: apiBaseUrl(bootstrap.apiBase),
    signingKey: bootstrap.network.signingKey,
    networkId: bootstrap.network.id,
    getSession,
    onSessionExpired,
    ...(fetch ? { fetch } : {}),
  });
}

const ApiClientContext = createContext<TicketClient | null>(null);

export function ApiClientProvider({ client, children }: { client: TicketClient; children: ReactNode }) {
  return createElement(ApiClientContext.Provider, { value: client }, children);
}

export function useApiClient(): TicketClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient outside ApiClientProvider');
  return client;
}
