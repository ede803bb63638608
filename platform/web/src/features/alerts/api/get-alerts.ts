// Maintenance alerts of the network's channels, from the beacon sources of the bootstrap.

import { queryOptions } from '@tanstack/react-query';
import {
  type AlertClient,
  channelsForNetwork,
  createAlertClient,
  KNOWN_ALERT_FLAGS,
} from '@transit-shop/sdk';
import { ALERT_REFRESH_MS } from '../../../config/constants.ts';

const clients = new Map<string, AlertClient>();

function clientFor(sources: string): AlertClient {
  let client = clients.get(sources);
  if (!client) {
    client = createAlertClient({ sources });
    clients.set(sources, client);
  }
  return client;
}

export const getAlertsQueryOptions = (sources: string, networkId: number) =>
  queryOptions({
    queryKey: ['alerts', sources, networkId],
    queryFn: async () =>
      (await clientFor(sources).getAlerts(channelsForNetwork(networkId, KNOWN_ALERT_FLAGS))) ?? [],
    refetchInterval: ALERT_REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
