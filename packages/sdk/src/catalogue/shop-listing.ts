// Which shop items a traveller sees and with which supports (spec 01 §5 "Catalogue", CAT-01..05,
// CHK-03): pure functions over the catalogue answer, shared by the web shop and the
// ticket API (which refuses in the cart what the shop does not offer).
import { CATALOGUE_TAGS, type Support, tagsOf } from '../contract/catalogue.ts';
import type { AUTH_DRIVERS } from '../contract/networks.ts';

type AuthDriver = (typeof AUTH_DRIVERS)[number];

/** Who is looking at the shop: a guest, and the identity provider of the sign-in, if any. */
export type CatalogueViewer = {
  readonly guest: boolean;
  /** The driver of the provider the session was opened with; null for a visitor or a password sign-in. */
  readonly signInDriver: AuthDriver | null;
};

/** A visitor who has not signed in. */
export const ANONYMOUS_VIEWER: CatalogueViewer = { guest: false, signInDriver: null };

type Tagged = { readonly tags: string };
type Supported = Tagged & { readonly supports: readonly Support[] };
type CategoryOf<Item> = { readonly productTypeIndex: number; readonly shopItems: readonly Item[] };
type ItemOf<Category extends CategoryOf<unknown>> = Category['shopItems'][number];
/** A category as a listing gives it: a copy holding the kept items. */
export type ListedCategory<Category extends CategoryOf<unknown>> = Omit<Category, 'shopItems'> & {
  shopItems: ItemOf<Category>[];
};

/** Tags that keep an item off the shop's listing (CAT-01); such items are sold elsewhere or as options. */
export const UNLISTED_TAGS: readonly string[] = [
  CATALOGUE_TAGS.hidden,
  CATALOGUE_TAGS.physicalPass,
  CATALOGUE_TAGS.physicalDuplicate,
];

export function hasTag(item: Tagged, tag: string): boolean {
  return tagsOf(item.tags).includes(tag);
}

/** CAT-01: an item tagged hidden, physical pass or physical duplicate is not listed. */
export function isListed(item: Tagged): boolean {
  const tags = tagsOf(item.tags);
  return !UNLISTED_TAGS.some((tag) => tags.includes(tag));
}

/**
 * The supports this viewer may choose for the item, in the item's order. A FranceConnect sign-in
 * removes the dematerialised support (CAT-03); so does a guest, on items marked card-only for
 * guests (CHK-03).
 */
export function offeredSupports(item: Supported, viewer: CatalogueViewer): Support[] {
  const unique = [...new Set(item.supports)];
  const noApp =
    viewer.signInDriver === 'FRANCECONNECT' || (viewer.guest && hasTag(item, CATALOGUE_TAGS.guestCardOnly));
  return noApp ? unique.filter((support) => support !== 'DEMATERIALIZED') : unique;
}

/** CAT-03: whether an article of the item may enter the cart with this support. */
export function isSupportOffered(item: Supported, support: Support, viewer: CatalogueViewer): boolean {
  return offeredSupports(item, viewer).includes(support);
}

/**
 * The shop's listing for the viewer: listed items only (CAT-01), each with the supports offered to
 * the viewer, items left without supports dropped (CAT-02), then categories left empty dropped, in
 * productTypeIndex order.
 */
export function shopListing<Category extends CategoryOf<Supported>>(
  categories: readonly Category[],
  viewer: CatalogueViewer,
): ListedCategory<Category>[] {
  return categories
    .map((category) => ({
      ...category,
      shopItems: category.shopItems
        .filter(isListed)
        .map((item): ItemOf<Category> => ({ ...item, supports: offeredSupports(item, viewer) }))
        .filter((item) => item.supports.length > 0),
    }))
    .filter((category) => category.shopItems.length > 0)
    .sort((a, b) => a.productTypeIndex - b.productTypeIndex);
}

/** CAT-05: nothing to sell, so the shop shows its no-products page. */
export function hasNoProducts(listing: readonly CategoryOf<unknown>[]): boolean {
  return listing.every((category) => category.shopItems.length === 0);
}

/** How an item reaches the traveller, as the shop's badges and filter name it (CAT-04, WAL-02). */
export const DISTRIBUTION_MODES = ['APP', 'CARD', 'COLLECT'] as const;
export type DistributionMode = (typeof DISTRIBUTION_MODES)[number];

/**
 * CAT-04: the badges of an item. DEMATERIALIZED is the phone app; PHYSICAL is a transport card, or
 * click and collect at an agency when the item is tagged eshop_collect (decision 0016).
 */
export function distributionModesOf(item: Supported): DistributionMode[] {
  const modes: DistributionMode[] = [];
  if (item.supports.includes('DEMATERIALIZED')) modes.push('APP');
  if (item.supports.includes('PHYSICAL'))
    modes.push(hasTag(item, CATALOGUE_TAGS.collect) ? 'COLLECT' : 'CARD');
  return modes;
}

/** The shop's filters (CAT-04); null or absent means any. */
export type ShopFilters = {
  readonly productTypeIndex?: number | null;
  readonly mode?: DistributionMode | null;
  readonly rate?: string | null;
};

/** CAT-04: the listing narrowed by category, distribution mode and rate; emptied categories dropped. */
export function filterListing<Category extends CategoryOf<Supported & { readonly rate: string | null }>>(
  listing: readonly Category[],
  filters: ShopFilters,
): ListedCategory<Category>[] {
  const { productTypeIndex, mode, rate } = filters;
  return listing
    .filter((category) => productTypeIndex == null || category.productTypeIndex === productTypeIndex)
    .map((category) => ({
      ...category,
      shopItems: category.shopItems.filter(
        (item) =>
          (mode == null || distributionModesOf(item).includes(mode)) && (rate == null || item.rate === rate),
      ),
    }))
    .filter((category) => category.shopItems.length > 0);
}

/**
 * Whether every item offered can only be delivered on a card: what the tunnel's media step is to read
 * to set a physical medium (ROUTE-07). No page calls it until the tunnel exists.
 */
export function offersOnlyPhysicalSupport(listing: readonly CategoryOf<Supported>[]): boolean {
  const items = listing.flatMap((category) => category.shopItems);
  return items.length > 0 && items.every((item) => item.supports.every((support) => support === 'PHYSICAL'));
}
