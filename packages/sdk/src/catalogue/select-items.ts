// Which items each catalogue call answers (spec 02 §7 "Products and catalogue") and the creation
// product the tunnel is to pick from the creation-products answer (NET-09). Pure: the ticket API
// answers with these; until the tunnel exists only the tenant validator reads the creation product.
import { CATALOGUE_TAGS, tagsOf } from '../contract/catalogue.ts';

type Tagged = { readonly tags: string };
type CategoryOf<Item> = { readonly productTypeIndex: number; readonly shopItems: readonly Item[] };

/** The categories with only the items kept, categories left empty dropped, the order unchanged. */
export function selectItems<Category extends CategoryOf<unknown>>(
  categories: readonly Category[],
  keep: (item: Category['shopItems'][number]) => boolean,
): (Omit<Category, 'shopItems'> & { shopItems: Category['shopItems'][number][] })[] {
  return categories
    .map((category) => ({ ...category, shopItems: category.shopItems.filter(keep) }))
    .filter((category) => category.shopItems.length > 0);
}

/** Products/getProducts.json's tags filter: an item is kept when it carries every tag asked for. */
export function carriesAllTags(tags: string | undefined): (item: Tagged) => boolean {
  const wanted = tagsOf(tags ?? '');
  return (item) => {
    const own = tagsOf(item.tags);
    return wanted.every((tag) => own.includes(tag));
  };
}

/** Products/media: the transport-card products, a new card or a replacement. */
export function isMediaProduct(item: Tagged): boolean {
  const own = tagsOf(item.tags);
  return own.includes(CATALOGUE_TAGS.physicalPass) || own.includes(CATALOGUE_TAGS.physicalDuplicate);
}

/** Products/getUniversalProducts.json: items valid on every partner network. */
export function isUniversalProduct(item: Tagged): boolean {
  return tagsOf(item.tags).includes(CATALOGUE_TAGS.universal);
}

/**
 * NET-09: from the creation-products answer (type 2, tag eshop_physical_pass), the creation product
 * is the item of the first product type (lowest productTypeIndex), only when that type has exactly
 * one shop item; otherwise there is none.
 */
export function creationProductOf<Item>(categories: readonly CategoryOf<Item>[]): Item | null {
  const first = categories.reduce<CategoryOf<Item> | undefined>(
    (lowest, category) =>
      !lowest || category.productTypeIndex < lowest.productTypeIndex ? category : lowest,
    undefined,
  );
  return first?.shopItems.length === 1 ? (first.shopItems[0] as Item) : null;
}
