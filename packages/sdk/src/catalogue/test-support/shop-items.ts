// Shop items and categories for the catalogue tests: the answer schema fills every default, so a
// test names only what it is about.
import { type Category, categorySchema, type ShopItem, shopItemSchema } from '../../contract/catalogue.ts';

let nextId = 1000;

export function shopItem(fields: Partial<ShopItem> & { name?: string } = {}): ShopItem {
  nextId += 1;
  return shopItemSchema.parse({
    shopItemId: nextId,
    name: `Item ${nextId}`,
    shopItemPrice: 200,
    supports: ['PHYSICAL', 'DEMATERIALIZED'],
    products: [{ productId: nextId, dematerialized: true }],
    installments: 1,
    ...fields,
  });
}

export function category(productTypeIndex: number, shopItems: ShopItem[]): Category {
  return categorySchema.parse({ productTypeIndex, name: `Type ${productTypeIndex}`, shopItems });
}

/** The names of the items of a listing, category by category. */
export function namesOf(
  categories: readonly { productTypeIndex: number; shopItems: readonly { name: string }[] }[],
) {
  return categories.map((c) => [c.productTypeIndex, c.shopItems.map((item) => item.name)]);
}
