// The cart as it is kept in the browser's local storage under `cart` (CART-01, spec 02 §3 "Cart
// state"): its zod schema, and the reading that drops a saved cart which is unreadable, of another
// format or breaks the cart's rules, so a bad entry costs the cart and never the page.
import { ARTICLE_QUANTITY_MAX, shopItemSchema, supportSchema } from '@transit-shop/sdk/contract/catalogue';
import { orderReferenceSchema } from '@transit-shop/sdk/contract/checkout';
import { idSchema, isoDateTimeSchema } from '@transit-shop/sdk/contract/fields';
import {
  ARTICLE_DOCUMENTS_MAX,
  articleFieldsSchema,
  discountSchema,
  ORDER_ARTICLES_MAX,
  ORDER_VOUCHERS_MAX,
  orderVoucherCodeSchema,
  startMonthSchema,
} from '@transit-shop/sdk/contract/order';
import { z } from 'zod';
import { isQuantityInBounds } from './cart-rules.ts';
import { articleStartOf } from './verify-order.ts';

/** CART-01: the local storage key. */
export const CART_STORAGE_KEY = 'cart';
/** Raised when the saved shape changes: a cart saved in another shape is dropped, not misread. */
export const CART_STORAGE_VERSION = 1;

/** A value the buyer gave for one of the item's fields, keyed by the field's id. */
export type CartFieldValue = z.output<typeof articleFieldsSchema>[string];

/** One line of the cart (spec 01 §3 "Cart item"). */
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
  .refine((line) => isQuantityInBounds(line.item, line.quantity), { message: 'quantity out of bounds' })
  .refine((line) => articleStartOf(line) !== null, { message: 'Cannot compute article start date' });

export type CartItem = z.output<typeof cartItemSchema>;

export const savedCartSchema = z.object({
  version: z.literal(CART_STORAGE_VERSION),
  items: z
    .array(cartItemSchema)
    .max(ORDER_ARTICLES_MAX)
    .refine((items) => new Set(items.map((line) => line.id)).size === items.length, {
      message: 'line ids repeat',
    }),
  vouchers: z.array(orderVoucherCodeSchema).max(ORDER_VOUCHERS_MAX),
  /** The discounts of the last verification, one per voucher code (VOUCH-02). */
  discounts: z.array(discountSchema).max(ORDER_VOUCHERS_MAX),
  /** The total of the last verification, in minor units; null before any. */
  verifiedTotalAmount: z.number().int().nonnegative().nullable(),
  termsAccepted: z.boolean(),
  privacyAccepted: z.boolean(),
  over18Accepted: z.boolean(),
  cartVisible: z.boolean(),
  /**
   * The reference of the order placed for these lines while its outcome is not known (decision
   * 0021): the next load asks it, and the cart empties itself once that order is paid. Absent from
   * a cart saved before it existed.
   */
  orderInFlight: orderReferenceSchema.nullable().default(null),
});
export type SavedCart = z.output<typeof savedCartSchema>;

/**
 * The saved cart from what storage holds (its JSON text, or the value already parsed); null when
 * nothing is saved, or the entry is not JSON, not of this version, or not a valid cart.
 */
export function restoreCart(saved: unknown): SavedCart | null {
  let value = saved;
  if (typeof saved === 'string') {
    try {
      value = JSON.parse(saved);
    } catch {
      return null;
    }
  }
  const parsed = savedCartSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
