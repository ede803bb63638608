// What the server knew of the browser's cart when it rendered the cart's page (decision 0047): from
// the `cart` cookie, whether the browser keeps a cart with lines. Without one the page is rendered
// as the empty cart it is, and the browser takes that over as it is; with one it waits for the cart.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** Its place in the query cache the server renders with (entry-server.tsx). */
export const servedCartQueryKey = ['cart', 'served'] as const;

export type ServedCart = { saved: boolean };

/**
 * Whether the page was served as the empty cart: read once, by the render that hydrates it (and the
 * server's); a later visit to the page, within the app, waits for the cart as before.
 */
export function useServedEmptyCart(): boolean {
  const queryClient = useQueryClient();
  const [empty] = useState(() => queryClient.getQueryData<ServedCart>(servedCartQueryKey)?.saved === false);
  useEffect(() => {
    queryClient.removeQueries({ queryKey: servedCartQueryKey, exact: true });
  }, [queryClient]);
  return empty;
}
