// One line of the cart (spec 01 §3 "Cart item"): its zod schema and type, and the two invariants the
// schema holds every line to (a quantity the item allows, a start the pivot can compute), which the
// cart's rules, its storage and its order articles all read.
import { isQuantityAllowed } from '@transit-shop/sdk/catalogue/article-rules';
import { NO_START, type StartChoice } from '@transit-shop/sdk/catalogue/start-dates';
import {
  ARTICLE_QUANTITY_MAX,
  type PivotType,
  shopItemSchema,
  supportSchema,
} from '@transit-shop/sdk/contract/catalogue';
import { idSchema, isoDateSchema } from '@transit-shop/sdk/contract/fields';
import {
  ARTICLE_DOCUMENTS_MAX,
  articleFieldsSchema,
  startMonthSchema,
  startTimeSchema,
  utcOffsetSchema,
} from '@transit-shop/sdk/contract/order';
import { z } from 'zod';

/** Where an article's validity starts, as the order article carries it: the start chosen. */
export type ArticleStart = StartChoice;

/**
 * PIVOT-02, PIVOT-03: a month-pivot line starts on its chosen month (YYYY-MM), a week-pivot line on
 * its chosen Monday, a day-pivot line at its chosen day and time (decision 0038), a line without
 * pivot at purchase. Null when the pivot's start is missing: 'Cannot compute article start date'
 * (ARTICLE_START_DATE).
 */
export function articleStartOf(
  line: { readonly item: { readonly pivotType: PivotType | null } } & Partial<StartChoice>,
): ArticleStart | null {
  const { startMonth = null, startDate = null, startTime = null, startOffset = null } = line;
  const month = startMonthSchema.safeParse(startMonth);
  const date = isoDateSchema.safeParse(startDate);
  const time = startTimeSchema.safeParse(startTime);
  const offset = utcOffsetSchema.nullable().safeParse(startOffset);
  switch (line.item.pivotType) {
    case null:
      return NO_START;
    case 'MONTH_PIVOT':
      return month.success ? { ...NO_START, startMonth: month.data } : null;
    case 'WEEK_PIVOT':
      return date.success ? { ...NO_START, startDate: date.data } : null;
    case 'DAY_PIVOT':
      return date.success && time.success && offset.success
        ? { ...NO_START, startDate: date.data, startTime: time.data, startOffset: offset.data }
        : null;
  }
}

/** A value the buyer gave for one of the item's fields, keyed by the field's id. */
export type CartFieldValue = z.output<typeof articleFieldsSchema>[string];

/** A line's fields, before the invariants (cartItemSchema). */
export const cartItemObjectSchema = z.object({
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
  /** A day-pivot line's day, a week-pivot line's Monday, on the network's calendar (PIVOT-01, PIVOT-04). */
  startDate: isoDateSchema.nullable(),
  /** A day-pivot line's slot on the network's clock, HH:MM (PIVOT-01). */
  startTime: startTimeSchema.nullable(),
  /** The UTC offset shown beside a slot time the clocks show twice; null otherwise. */
  startOffset: utcOffsetSchema.nullable(),
  fields: articleFieldsSchema,
  /** Ids of the traveller's documents given for the item's required document types (CHK-08). */
  documents: z.array(idSchema).max(ARTICLE_DOCUMENTS_MAX),
  /**
   * Bought as a tacit subscription (decision 0043), which its item must allow; for one period
   * otherwise. A cart saved before the line said so kept it in its item: a line whose item allows a
   * subscription was one (the item of a line bought for one period was saved with it off).
   */
  isSubscription: z.boolean().optional(),
});

/** One line of the cart. */
export const cartItemSchema = cartItemObjectSchema
  .refine((line) => isQuantityAllowed(line.item, line.quantity), { message: 'quantity out of bounds' })
  .refine((line) => articleStartOf(line) !== null, { message: 'Cannot compute article start date' })
  .transform(({ isSubscription, ...line }) => ({
    ...line,
    isSubscription: isSubscription ?? line.item.paymentOptions.allowSubscription,
  }));

export type CartItem = z.output<typeof cartItemSchema>;
