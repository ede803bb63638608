// The account's transport cards (decision 0032): the one query of Account/getMedias.json, and the
// calls that change them (link, remove, report an incident), each answering the cards as they now
// are, which replace the query's data.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getMediasCall,
  type IncidentKind,
  type Medium,
  registerMediaCall,
  reportMediaIncidentCall,
  unregisterMediaCall,
} from '@transit-shop/sdk/contract/media';
import type { Locale } from '@transit-shop/sdk/locales';
import { type TicketClient, useApiClient } from '../api-client.ts';
import { useLocale } from '../use-locale.ts';

/**
 * The cards of the signed-in customer `userId`, as getMedias orders them (MEDIA-02), their contracts
 * named in `lang`.
 */
export const transportCardsQueryOptions = (
  client: Pick<TicketClient, 'call'>,
  userId: number,
  lang: Locale,
) =>
  queryOptions({
    queryKey: ['transport-cards', userId, lang],
    queryFn: async () => (await client.call(getMediasCall, { lang })).medias,
    // A loading recorded by the ticketing system or a purchase changes them: read afresh each visit.
    staleTime: 0,
  });

/**
 * Account/registerMedia.json, as the card-link machine's registerMedia actor; with `userId`, the card
 * is paired with that traveller profile of the account rather than with the holder.
 */
export async function registerTransportCard(
  client: Pick<TicketClient, 'call'>,
  input: { mediaNumber: string; mediaCustomerBirthDate?: string; lang: Locale; userId?: number },
): Promise<{ media: Medium; medias: Medium[] }> {
  const answer = await client.call(registerMediaCall, input);
  return { media: answer.media, medias: answer.medias };
}

export type TransportCardChange =
  | { change: 'remove'; media: Medium }
  | { change: 'reportIncident'; media: Medium; kind: IncidentKind };

/** The cards as they are after the change. */
export async function changeTransportCard(
  client: Pick<TicketClient, 'call'>,
  request: TransportCardChange,
  lang: Locale,
): Promise<Medium[]> {
  switch (request.change) {
    case 'remove':
      return (await client.call(unregisterMediaCall, { mediaId: request.media.id, lang })).medias;
    case 'reportIncident':
      return (
        await client.call(reportMediaIncidentCall, { mediaId: request.media.id, kind: request.kind, lang })
      ).medias;
  }
}

/** One change at a time, for the signed-in customer `userId`. */
export function useChangeTransportCard(userId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useMutation({
    mutationFn: (request: TransportCardChange) => changeTransportCard(client, request, locale),
    onSuccess: (medias) => {
      queryClient.setQueryData(transportCardsQueryOptions(client, userId, locale).queryKey, medias);
    },
  });
}

/** Keeps the cards an answer gave (a link's) as the query's data. */
export function useKeepTransportCards(userId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const locale = useLocale();
  return (medias: Medium[]) =>
    queryClient.setQueryData(transportCardsQueryOptions(client, userId, locale).queryKey, medias);
}
