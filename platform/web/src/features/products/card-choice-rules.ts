// Which card receives a PHYSICAL article bought by a signed-in customer (decision 0032): one of the
// traveller's usable cards, or a new card sent by post, bought with the network's new-card product
// (NET-09), which only a network naming one offers (decision 0037). Where the network has the
// purchase tunnel (has_media_tunnel), the tunnel asks instead.

import { carriesAllTags, creationProductOf, selectItems } from '@transit-shop/sdk/catalogue/select-items';
import { isCollectArticle } from '@transit-shop/sdk/checkout/checkout-rules';
import {
  CATALOGUE_TAGS,
  type CatalogueAnswer,
  type ShopItem,
  type Support,
} from '@transit-shop/sdk/contract/catalogue';
import type { Medium } from '@transit-shop/sdk/contract/media';
import { isTravellersCard, takesContractsNow } from '@transit-shop/sdk/media/card-for-traveller';

/** A card's id, or a new card sent by post. */
export type CardChoice = number | 'new';

/** Whether the page asks for the card: a card (not click and collect), a signed-in customer, no tunnel. */
export function asksForCard(
  item: Pick<ShopItem, 'tags'>,
  support: Support,
  signedIn: boolean,
  hasMediaTunnel: boolean,
): boolean {
  return support === 'PHYSICAL' && !isCollectArticle({ item, support }) && signedIn && !hasMediaTunnel;
}

/**
 * The traveller's cards that can receive a contract now, by the rule the ticket API applies at
 * checkout (decision 0032): the traveller's own (the holder's are those paired with nobody), not
 * expired, and ACTIVE in the ticketing system or a new card on its way (ORDERED).
 */
export function usableCardsOf(
  medias: readonly Medium[],
  traveller: { readonly userId: number; readonly holder: boolean },
): Medium[] {
  const owner = { id: traveller.userId, holder: traveller.holder };
  return medias.filter((media) => isTravellersCard(media, owner) && takesContractsNow(media));
}

/**
 * The choice in force: the one made while it still names a usable card, else a new card when the
 * traveller has none and the network sends new cards by post, else none yet (the customer chooses
 * or links a card). Null too while the cards are read.
 */
export function cardChoiceOf(
  chosen: CardChoice | null,
  usable: readonly Medium[] | null,
  newCardOffered: boolean,
): CardChoice | null {
  if (chosen === 'new' && newCardOffered) return 'new';
  if (usable === null) return null;
  if (chosen !== null && usable.some((media) => media.id === chosen)) return chosen;
  return usable.length === 0 && newCardOffered ? 'new' : null;
}

/** A new card is made out to its holder: the traveller's birth date is needed (decision 0037). */
export function lacksHolderBirthDate(traveller: { readonly birthday: string | null }): boolean {
  return !traveller.birthday;
}

/** NET-09: the network's new-card product, among the catalogue's items tagged eshop_physical_pass; none: no card by post. */
export function creationProductIn(answer: Pick<CatalogueAnswer, 'categories'>): ShopItem | null {
  return creationProductOf(selectItems(answer.categories, carriesAllTags(CATALOGUE_TAGS.physicalPass)));
}
