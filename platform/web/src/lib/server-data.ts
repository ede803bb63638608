// The data a page rendered by the server was rendered with (decision 0034), put in the query cache
// before hydration so the browser's first render is the server's.
import { hydrate } from '@tanstack/react-query';
import { queryClient } from './query-client.tsx';

export const SERVER_DATA_ELEMENT_ID = 'server-data';

export function seedServerData(): void {
  const text = document.getElementById(SERVER_DATA_ELEMENT_ID)?.textContent;
  if (text) hydrate(queryClient, JSON.parse(text));
}
