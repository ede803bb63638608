// One line of the cart (spec 01 §3 "Cart item"): its zod schema and type, and the two invariants the
// schema holds every line to (a quantity the item allows, a start the pivot can compute), which the
// cart's rules, its storage and its order articles all read.
import { isQuantityAllowed } from '@transit-shop/sdk/catalogue/article-rules';
import {
  ARTICLE_QUANTITY_MAX,
  type PivotType,
  shopItemSchema,
  supportSchema,
} from '@transit-shop/sdk/contract/catalogue';
import { idSchema, isoDateTimeSchema } from '@transit-shop/sdk/contract/fields';
import {
  ARTICLE_DOCUMENTS_MAX,
  articleFieldsSchema,
  type OrderArticle,
  startMonthSchema,
} from '@transit-shop/sdk/contract/order';
import { z } from 'zod';

/** Where an article's validity starts, as the order article carries it. */
export type ArticleStart = Pick<OrderArticle, 'startMonth' | 'startingAt'>;

/**
 * PIVOT-02, PIVOT-03: a month-pivot line starts on its chosen month (YYYY-MM), a day- or week-pivot
 * line at its chosen instant, a line without pivot at purchase. Null when the pivot's start is
 * missing or unreadable: 'Cannot compute article start date' (ARTICLE_START_DATE).
 */
export function articleStartOf(line: {
  readonly item: { readonly pivotType: PivotType | null };
  readonly startMonth: string | null;
  readonly startingAt: string | null;
}): ArticleStart | null {
  switch (line.item.pivotType) {
    case null:
      return { startMonth: null, startingAt: null };
    case 'MONTH_PIVOT':
      return startMonthSchema.safeParse(line.startMonth).success
        ? { startMonth: line.startMonth, startingAt: null }
        : null;
    default:
      return line.startingAt !== null && !Number.isNaN(Date.parse(line.startingAt))
        ? { startMonth: null, startingAt: line.startingAt }
        : null;
  }
}

/** A value the buyer gave for one of the item's fields, keyed by the field's id. */
export type CartFieldValue = z.output<typeof articleFieldsSchema>[string];

/** One line of the cart. */
export const cartItemSchema = z
  .object({
    /** Random, from the injected id generator; names the line in events. */
    id: z.string().min(1).max(100),
    /** The shop item as the catalogue answered it. */
    item: shopItemSchema,
    quantity: z.number().int().min(1).max(ARTICLE_QUANTITY_MAX),
    /** The customer id of the traveller the line is for; null before the buyer has one. */
    profile: idSchema.nullable(),
    /** An extra shop item sold with the line (a card, postage...). */
    option: shopItemSchema.nullable(),
    /** The support the line is delivered on. */
    delivery: supportSchema,
    /** The transport card a PHYSICAL line is loaded on. */
    mediaId: idSchema.nullable(),
    /** A month-pivot line's chosen month, YYYY-MM (PIVOT-02). */
    startMonth: startMonthSchema.nullable(),
    /** A day- or week-pivot line's chosen start, an ISO instant (PIVOT-01, PIVOT-04). */
    startingAt: isoDateTimeSchema.nullable(),
    fields: articleFieldsSchema,
    /** Ids of the traveller's documents given for the item's required document types (CHK-08). */
    documents: z.array(idSchema).max(ARTICLE_DOCUMENTS_MAX),
  })
  .refine((line) => isQuantityAllowed(line.item, line.quantity), { message: 'quantity out of bounds' })
  .refine((line) => articleStartOf(line) !== null, { message: 'Cannot compute article start date' });

export type CartItem = z.output<typeof cartItemSchema>;
