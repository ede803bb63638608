// Networks/collectSites: the network's click-and-collect agencies (CHK-05), by their index
// (NET-08). The tenant service answers it from the network's files; the sdk has the answer's
// schema, the call is written here, where the only page that asks for it lives.
import { queryOptions } from '@tanstack/react-query';
import { defineCall } from '@transit-shop/sdk/contract/define-call';
import { signedRequest, textIdSchema } from '@transit-shop/sdk/contract/fields';
import { type CollectSite, collectSitesResponseSchema } from '@transit-shop/sdk/contract/networks';
import { z } from 'zod';
import type { TicketClient } from '../../../lib/api-client.ts';

export type { CollectSite };

export const getCollectSitesCall = defineCall({
  path: 'Networks/collectSites',
  method: 'GET',
  authenticated: false,
  request: signedRequest({
    id: textIdSchema.optional(),
    sortByIndex: z.enum(['true', 'false']).optional(),
  }),
  response: collectSitesResponseSchema,
});

export const collectSitesQueryOptions = (client: Pick<TicketClient, 'call'>, networkId: number) =>
  queryOptions({
    queryKey: ['collect-sites', networkId],
    queryFn: () => client.call(getCollectSitesCall, { id: networkId, sortByIndex: 'true' }),
    staleTime: 5 * 60_000,
  });
