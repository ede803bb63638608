// The data a server-rendered page was rendered with (decision 0034), put in the query cache before
// hydration so the browser's first render is the server's.
import { queryClient } from './query-client.tsx';

export const SERVER_DATA_ELEMENT_ID = 'server-data';

type ServerData = { queries: { key: unknown[]; data: unknown }[] };

export function seedServerData(): void {
  const element = document.getElementById(SERVER_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  const data = JSON.parse(element.textContent) as ServerData;
  for (const query of data.queries) queryClient.setQueryData(query.key, query.data);
}
