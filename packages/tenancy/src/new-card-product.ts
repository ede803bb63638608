// A network's new-card product in its catalogue file (NET-09, decision 0037): the item tagged
// eshop_physical_pass alone in the first product type holding such items. The ticket API sells a
// card by post only as that item; tenant:validate reports tagged items that name none.
import { carriesAllTags, creationProductOf, selectItems } from '@transit-shop/sdk/catalogue/select-items';
import { CATALOGUE_TAGS } from '@transit-shop/sdk/contract/catalogue';
import type { CatalogueFile, CatalogueShopItemFile } from './catalogue.schema.ts';

export type IndexedShopItem = { readonly item: CatalogueShopItemFile; readonly index: number };

/** The product types holding items tagged eshop_physical_pass, each item with its index in the file. */
export function physicalPassTypesOf(catalogue: Pick<CatalogueFile, 'categories' | 'shopItems'>) {
  const indexed = catalogue.shopItems.map((item, index): IndexedShopItem => ({ item, index }));
  const byCategory = catalogue.categories.map((category) => ({
    id: category.id,
    productTypeIndex: category.productTypeIndex,
    shopItems: indexed.filter(({ item }) => item.category === category.id),
  }));
  return selectItems(byCategory, ({ item }) => carriesAllTags(CATALOGUE_TAGS.physicalPass)(item));
}

/** The network's new-card product, or null when it sends no new card by post. */
export function newCardProductOf(
  catalogue: Pick<CatalogueFile, 'categories' | 'shopItems'>,
): IndexedShopItem | null {
  return creationProductOf(physicalPassTypesOf(catalogue));
}
