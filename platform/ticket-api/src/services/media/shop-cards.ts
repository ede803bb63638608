// Cards bought in the shop (decision 0032): a new card (eshop_physical_pass) or a replacement card
// (eshop_physical_duplicate). Placing the order needs the line's traveller's birth date (the card is
// personal); completing it has the registry issue the card, links it to the traveller, puts the
// order's waiting card contracts of that traveller on it, and a replacement moves the live
// contracts of the card it replaces.

import { hasTag } from '@transit-shop/sdk/catalogue/shop-listing';
import { CATALOGUE_TAGS } from '@transit-shop/sdk/contract/catalogue';
import type { OrderArticle } from '@transit-shop/sdk/contract/order';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { networkToday } from '@transit-shop/sdk/time/network-clock';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { mediaLinks } from '../../db/schema/media.ts';
import type { OrderRow } from '../../db/schema/orders.ts';
import { tickets, ticketTransfers } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';
import type { CardRegistry } from '../card-registry/card-registry.ts';
import type { TicketLineOfOrder } from '../tickets/issue-contracts.ts';

/** How long a card the shop issues is valid. */
const CARD_VALID_YEARS = 5;

export type ShopCardKind = 'NEW' | 'REPLACEMENT';

/** Whether the shop item sells a card, and which. */
export function shopCardKindOf(network: LoadedNetwork, shopItemId: number): ShopCardKind | null {
  const item = network.catalogue.shopItems.find((candidate) => candidate.shopItemId === shopItemId);
  if (!item) return null;
  if (hasTag(item, CATALOGUE_TAGS.physicalPass)) return 'NEW';
  if (hasTag(item, CATALOGUE_TAGS.physicalDuplicate)) return 'REPLACEMENT';
  return null;
}

/** The card's last valid day: five years after the day it is issued, in the network's time zone. */
export function shopCardExpiresOn(timeZone: string, now: Date): string {
  const today = networkToday(timeZone, now);
  const expires = `${Number(today.slice(0, 4)) + CARD_VALID_YEARS}${today.slice(4)}`;
  // 29 February five years on is not a day: the card ends on 28 February.
  return expires.endsWith('-02-29') ? expires.replace(/-29$/, '-28') : expires;
}

/** The card an article buys, as its option (or as the article itself). */
export function cardOfArticle(
  network: LoadedNetwork,
  article: Pick<OrderArticle, 'shopItemId' | 'optionShopItemId'>,
): ShopCardKind | null {
  return (
    (article.optionShopItemId === null ? null : shopCardKindOf(network, article.optionShopItemId)) ??
    shopCardKindOf(network, article.shopItemId)
  );
}

/** Every card article's traveller has a birth date, else MEDIA_HOLDER_BIRTH_DATE_MISSING at the article. */
export async function checkCardHolders(options: {
  db: Database;
  network: LoadedNetwork;
  user: { id: number };
  articles: readonly OrderArticle[];
}): Promise<void> {
  const { db, network } = options;
  for (const [index, article] of options.articles.entries()) {
    if (!cardOfArticle(network, article)) continue;
    const [holder] = await db
      .select({ birthday: users.birthday })
      .from(users)
      .where(eq(users.id, article.customerId ?? options.user.id))
      .limit(1);
    if (holder?.birthday) continue;
    throw new AppError('MEDIA_HOLDER_BIRTH_DATE_MISSING', {
      details: { issues: [{ path: `articles.${index}.customerId`, message: 'The date of birth is needed' }] },
    });
  }
}

/**
 * The completed order's cards, in the completing transaction (which runs once per order): each card
 * line's card issued by the registry and linked to the line's traveller, the order's card contracts
 * of that traveller without a card put on it, and for a replacement, the replaced card's live
 * contracts moved onto it (transfers DONE). Answers the new links' ids.
 */
export async function issueShopCards(options: {
  db: Database;
  cards: CardRegistry;
  network: LoadedNetwork;
  order: OrderRow;
  lines: readonly TicketLineOfOrder[];
  now: Date;
}): Promise<number[]> {
  const { db, network, order, now } = options;
  const cards = options.cards.inTransaction?.(db) ?? options.cards;
  const networkId = network.network.config.id;
  const issued: number[] = [];
  for (const line of options.lines) {
    // The card is sold as an option of a card article (or, with its own flow, as an article).
    if (line.kind !== 'OPTION' && line.kind !== 'ARTICLE') continue;
    const kind = shopCardKindOf(network, line.shopItemId);
    if (!kind) continue;
    const travellerId = line.customerId ?? order.userId;
    const [traveller] = await db
      .select({ id: users.id, birthday: users.birthday, parentUserId: users.parentUserId })
      .from(users)
      .where(eq(users.id, travellerId))
      .limit(1);
    // Placing the order refused a traveller without a birth date.
    if (!traveller?.birthday) continue;
    const card = await cards.issueCard(
      networkId,
      {
        holderBirthDate: traveller.birthday,
        expiresOn: shopCardExpiresOn(network.network.config.timeZone, now),
      },
      now,
    );
    const [link] = await db
      .insert(mediaLinks)
      .values({
        networkId,
        userId: traveller.parentUserId ?? traveller.id,
        profileId: traveller.parentUserId === null ? null : traveller.id,
        number: card.number,
        providerId: card.providerId,
        linkedAt: now,
        // The registry issued it to this account's traveller (decision 0036).
        proof: 'ISSUED',
      })
      .returning({ id: mediaLinks.id });
    if (!link) throw new Error('the new card was not linked');
    issued.push(link.id);
    await db
      .update(tickets)
      .set({ mediaId: link.id, status: 'TO_LOAD', updatedAt: now })
      .where(
        and(
          eq(tickets.orderId, order.id),
          eq(tickets.travellerUserId, travellerId),
          eq(tickets.delivery, 'CARD'),
          isNull(tickets.mediaId),
        ),
      );
    if (kind === 'REPLACEMENT' && line.mediaId !== null)
      await moveReplacedCardContracts({ db, cards, networkId, from: line.mediaId, to: link.id, now });
  }
  return issued;
}

/** The live contracts of a card with an incident, moved onto its replacement (transfers DONE). */
async function moveReplacedCardContracts(options: {
  db: Database;
  cards: CardRegistry;
  networkId: number;
  from: number;
  to: number;
  now: Date;
}): Promise<void> {
  const { db, now } = options;
  const [replaced] = await db.select().from(mediaLinks).where(eq(mediaLinks.id, options.from)).limit(1);
  if (!replaced) return;
  const card = await options.cards.findCard(options.networkId, replaced.number);
  if (!card || !(card.incident || card.status === 'INCIDENT' || card.status === 'BLOCKED')) return;
  const moved = await db
    .update(tickets)
    .set({ mediaId: options.to, status: 'TO_LOAD', updatedAt: now })
    .where(
      and(
        eq(tickets.mediaId, options.from),
        eq(tickets.delivery, 'CARD'),
        inArray(tickets.status, ['TO_LOAD', 'LOADED']),
        or(isNull(tickets.usableUntil), gt(tickets.usableUntil, now)),
        ne(tickets.mediaId, options.to),
      ),
    )
    .returning({ id: tickets.id });
  if (moved.length === 0) return;
  await db.insert(ticketTransfers).values(
    moved.map((contract) => ({
      ticketId: contract.id,
      target: 'MEDIA' as const,
      status: 'DONE' as const,
      mediaId: options.to,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
