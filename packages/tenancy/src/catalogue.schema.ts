// Catalogue files (tenants/<slug>/catalogue.json): a network's categories, rates, the document
// types its reduced fares ask for, and its shop items, every text given per offered language. Built
// from the sdk's catalogue schemas (catalogueSchemasOf), so a shop item field is written once.
import { catalogueKeySchema, catalogueSchemasOf } from '@transit-shop/sdk/contract/catalogue';
import { localizedTextSchema } from '@transit-shop/sdk/locale.schema';
import { fareProductSchemaOf } from '@transit-shop/sdk/tickets/fare-product';
import { z } from 'zod';

const file = catalogueSchemasOf(localizedTextSchema, { strict: true });

/** A product type of the shop; shop items name it by id. */
export const catalogueCategoryFileSchema = z.strictObject({
  id: catalogueKeySchema,
  /** The legacy product type index: orders the categories and identifies them in answers. */
  productTypeIndex: z.number().int().nonnegative(),
  name: localizedTextSchema,
  description: localizedTextSchema.nullable().default(null),
});
export type CatalogueCategoryFile = z.infer<typeof catalogueCategoryFileSchema>;

/** A shop item of the file: the answer's fields (installments aside, derived) plus its category's id. */
export const catalogueShopItemFileSchema = z.strictObject({
  category: catalogueKeySchema,
  ...file.shopItemShape,
  /** VAT rate included in the price, in basis points (1000 = 10 %); printed on the invoice. */
  vatRate: z.number().int().min(0).max(10_000),
});
export type CatalogueShopItemFile = z.infer<typeof catalogueShopItemFileSchema>;

/** A fare product: what a shop item's `products` name, with its validity model (decision 0030). */
export const fareProductFileSchema = fareProductSchemaOf(localizedTextSchema);
export type FareProductFile = z.infer<typeof fareProductFileSchema>;

export const catalogueFileSchema = z.strictObject({
  categories: z.array(catalogueCategoryFileSchema),
  /** Every product the shop items name, with its validity model. */
  fareProducts: z.array(fareProductFileSchema).default([]),
  rates: z.array(file.rate).default([]),
  documentTypes: z.array(file.documentType).default([]),
  shopItems: z.array(catalogueShopItemFileSchema),
});
export type CatalogueFile = z.infer<typeof catalogueFileSchema>;

/** The catalogue of a network without a catalogue file: nothing for sale, the no-products page (CAT-05). */
export const EMPTY_CATALOGUE: CatalogueFile = Object.freeze({
  categories: [],
  fareProducts: [],
  rates: [],
  documentTypes: [],
  shopItems: [],
}) as CatalogueFile;
