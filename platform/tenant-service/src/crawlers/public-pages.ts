// The public pages of a network's shop, which depend only on its tenant files (DESIGN.md "First
// paint"): home, the page of every product its shop lists to a visitor, and the legal pages; and
// the areas that belong to a visitor (account, cart and checkout, sign-in) or to the API.
import { ANONYMOUS_VIEWER, shopListing } from '@transit-shop/sdk/catalogue/shop-listing';
import { catalogueAnswer, type LoadedNetwork } from '@transit-shop/tenancy';

export const LEGAL_PAGE_PATHS = ['/legal-notices', '/privacy-policy', '/terms-of-use'] as const;

/**
 * Paths of the web app (platform/web/src/config/paths.ts) no crawler has a use for. The checkout
 * steps are under /cart/. The cart's own page stays open (decision 0034): a visitor's cart lives
 * in their browser, so what a crawler reads there is the empty cart with its way to the shop,
 * and a page closed to crawlers is one search engines report as blocked.
 */
export const PRIVATE_PAGE_PATHS = [
  '/account',
  '/cart/',
  '/auth',
  '/documents',
  '/deletion',
  '/unverified-account',
  '/verify-account',
  '/clear',
] as const;

/** The product page of an item of the shop. */
export const productPath = (shopItemId: number) => `/products/${shopItemId}`;

/**
 * The public pages' paths without a language prefix. The products are those the shop lists to a
 * visitor who has not signed in: the product list call (Products/getProducts.json, no tag filter)
 * read through the sdk's listing rules, so hidden items (CAT-01) and items without a support
 * (CAT-02) are left out, as the shop leaves them out.
 */
export function publicPagePaths(loaded: LoadedNetwork): string[] {
  const { config } = loaded.network;
  const answer = catalogueAnswer({ config, catalogue: loaded.catalogue }, { locale: config.defaultLanguage });
  const products = shopListing(answer.categories, ANONYMOUS_VIEWER).flatMap((category) =>
    category.shopItems.map((item) => productPath(item.shopItemId)),
  );
  return ['/', ...new Set(products), ...LEGAL_PAGE_PATHS];
}
