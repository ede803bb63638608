// The app's one query client, provided by the lazily loaded parts that fetch (kept out of the first
// paint). The server's render gives its own, holding the data it rendered with (decision 0034).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';

export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1 } } });

/** The client of this render, when it is not the app's one. */
export const QueryClientContext = createContext<QueryClient | null>(null);

export function WithQueryClient({ children }: { children: ReactNode }) {
  const client = useContext(QueryClientContext) ?? queryClient;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
