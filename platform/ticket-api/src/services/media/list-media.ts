// Account/getMedias.json: the account's cards on the call's network as the ticketing system now
// says they are (decision 0032). Only links to the network's card provider are listed (MEDIA-01),
// valid cards first, then expired ones (MEDIA-02), each group newest link first; a card the
// registry no longer knows is left out. Each card lists the contracts recorded against it. Instants
// are on the network's clock (decision 0038).
import {
  CARD_STATUSES,
  type CardStatus,
  type Medium,
  type MediumContract,
} from '@transit-shop/sdk/contract/media';
import type { Locale } from '@transit-shop/sdk/locales';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type MediaLinkRow, mediaLinks } from '../../db/schema/media.ts';
import { orderLines } from '../../db/schema/orders.ts';
import { tickets } from '../../db/schema/tickets.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { askRegistry, stateOf } from '../card-registry/card-checks.ts';
import type { CardRegistry, RegistryCardRecord } from '../card-registry/card-registry.ts';
import { contractNameOf } from '../tickets/contract-name.ts';

/** What a call about the caller's cards is given. */
export type MediaContext = {
  db: Database;
  cards: CardRegistry;
  network: LoadedNetwork;
  user: UserRow;
  now: Date;
  lang?: Locale | undefined;
};

/** The account whose cards a session reaches: the holder's, also when signed in as a traveller. */
export const accountIdOf = (user: UserRow) => user.parentUserId ?? user.id;

/** The live links of the caller's account on the network; a traveller sees only the cards paired with it. */
export function callersLiveLinks(context: Pick<MediaContext, 'network' | 'user'>) {
  const { user } = context;
  return and(
    eq(mediaLinks.networkId, context.network.network.config.id),
    eq(mediaLinks.userId, accountIdOf(user)),
    user.parentUserId === null ? undefined : eq(mediaLinks.profileId, user.id),
    isNull(mediaLinks.removedAt),
  );
}

const KNOWN_STATUSES: readonly string[] = CARD_STATUSES;

async function contractsOf(
  context: MediaContext,
  link: MediaLinkRow,
  loadedAt: ReadonlyMap<number, Date>,
): Promise<MediumContract[]> {
  const { network } = context;
  const rows = await context.db
    .select({ ticket: tickets, line: { shopItemId: orderLines.shopItemId, label: orderLines.label } })
    .from(tickets)
    .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
    .where(
      and(
        eq(tickets.networkId, network.network.config.id),
        eq(tickets.mediaId, link.id),
        inArray(tickets.status, ['TO_LOAD', 'LOADED']),
      ),
    )
    .orderBy(tickets.id);
  const fallback = network.network.config.defaultLanguage;
  const at = (instant: Date | null) =>
    instant === null ? null : networkInstantText(instant, network.network.config.timeZone);
  return rows.map(({ ticket, line }) => {
    const loaded = loadedAt.get(ticket.id) ?? null;
    return {
      ticketId: ticket.id,
      orderId: ticket.orderId,
      productName: contractNameOf(
        network,
        { productId: ticket.productId, shopItemId: line.shopItemId, soldLabel: line.label },
        context.lang ?? fallback,
        fallback,
      ),
      validFrom: at(ticket.validFrom),
      validTo: at(ticket.validTo),
      loading: loaded || ticket.status === 'LOADED' ? 'LOADED' : 'TO_LOAD',
      loadedAt: at(loaded),
    };
  });
}

/** One linked card as the contract answers it. */
export async function mediumOf(
  context: MediaContext,
  link: MediaLinkRow,
  card: RegistryCardRecord,
): Promise<Medium> {
  const { id: networkId, timeZone } = context.network.network.config;
  const loadings = await askRegistry(() => context.cards.loadingsOf(networkId, link.number));
  const state = stateOf(card, context.network, context.now);
  // A status the shop does not know, or none, reads from the card's expiry.
  const status: CardStatus =
    card.status !== null && KNOWN_STATUSES.includes(card.status) ? (card.status as CardStatus) : state;
  return {
    id: link.id,
    network_id: link.networkId,
    provider_id: link.providerId,
    number: link.number,
    expires_at: card.expiresOn,
    created_at: networkInstantText(link.linkedAt, timeZone),
    state,
    status: card.incident ? 'INCIDENT' : status,
    incident: card.incident
      ? { kind: card.incident.kind, reportedAt: networkInstantText(card.incident.reportedAt, timeZone) }
      : null,
    profileId: link.profileId,
    contracts: await contractsOf(
      context,
      link,
      new Map(loadings.map((loading) => [loading.ticketId, loading.loadedAt])),
    ),
  };
}

export async function listMedia(context: MediaContext): Promise<{ medias: Medium[] }> {
  if (context.user.status === 'GUEST') return { medias: [] };
  const networkId = context.network.network.config.id;
  const provider = await askRegistry(() => context.cards.providerOf(networkId));
  const links = await context.db
    .select()
    .from(mediaLinks)
    .where(and(callersLiveLinks(context), eq(mediaLinks.providerId, provider)))
    .orderBy(desc(mediaLinks.linkedAt), desc(mediaLinks.id));
  const medias: Medium[] = [];
  for (const link of links) {
    const card = await askRegistry(() => context.cards.findCard(networkId, link.number));
    if (card && card.providerId === provider) medias.push(await mediumOf(context, link, card));
  }
  // A stable sort: the newest-first order of the links holds within each group.
  return { medias: medias.sort((a, b) => Number(a.state === 'EXPIRED') - Number(b.state === 'EXPIRED')) };
}
