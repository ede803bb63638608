// The shop item of a product page, as the shop lists it for this visitor: hidden items (CAT-01) and
// items left without supports (CAT-02) are not for sale here, and the supports are those offered to
// the visitor (CAT-03, CHK-03).
import { shopListing } from '@transit-shop/sdk/catalogue/shop-listing';
import type { CatalogueAnswer, Category, ShopItem, Support } from '@transit-shop/sdk/contract/catalogue';
import { useMemo } from 'react';
import { useCatalogueViewer } from '../../../lib/catalogue/catalogue-viewer.ts';
import { useProducts } from '../../../lib/catalogue/get-products.ts';

export type ListedShopItem = {
  /** The item as the catalogue answered it. */
  readonly item: ShopItem;
  /** The supports this visitor may choose, in the item's order. */
  readonly supports: readonly Support[];
  readonly category: Pick<Category, 'productTypeIndex' | 'name'>;
  readonly answer: CatalogueAnswer;
};

export function useShopItem(shopItemId: number) {
  const products = useProducts();
  const viewer = useCatalogueViewer();
  const listed = useMemo((): ListedShopItem | null | undefined => {
    const answer = products.data;
    if (!answer) return undefined;
    for (const category of shopListing(answer.categories, viewer)) {
      const offered = category.shopItems.find((item) => item.shopItemId === shopItemId);
      if (!offered) continue;
      const item = answer.categories
        .flatMap((c) => c.shopItems)
        .find((candidate) => candidate.shopItemId === shopItemId);
      return item ? { item, supports: offered.supports, category, answer } : null;
    }
    return null;
  }, [products.data, viewer, shopItemId]);
  return { listed, products };
}
