// The cart as it is kept in the browser's local storage under `cart` (CART-01, spec 02 §3 "Cart
// state"): its zod schema, and the reading that drops a saved cart which is unreadable, of another
// format or breaks the cart's rules, so a bad entry costs the cart and never the page. A cart kept
// in the first format, whose day and week lines held the start instant the page computed, is read
// into this one (decision 0038) rather than dropped: no line is lost to the change.
import { slotChoiceAt } from '@transit-shop/sdk/catalogue/start-dates';
import { orderReferenceSchema } from '@transit-shop/sdk/contract/checkout';
import { isoDateTimeSchema } from '@transit-shop/sdk/contract/fields';
import {
  discountSchema,
  ORDER_ARTICLES_MAX,
  ORDER_VOUCHERS_MAX,
  orderVoucherCodeSchema,
} from '@transit-shop/sdk/contract/order';
import { wallClockOf } from '@transit-shop/sdk/time/network-clock';
import { z } from 'zod';
import { cartItemObjectSchema, cartItemSchema } from './cart-types.ts';

/** CART-01: the local storage key. */
export const CART_STORAGE_KEY = 'cart';
/** Raised when the saved shape changes: a cart saved in another shape is read into this one or dropped. */
export const CART_STORAGE_VERSION = 2;

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
  /**
   * The reference of the order whose payment emptied the cart (decision 0039): the other tabs of the
   * browser, hearing the emptied cart, show that order rather than offer to pay it again. Absent
   * from a cart saved before it existed; a new line forgets it.
   */
  paidOrder: orderReferenceSchema.nullable().default(null),
});
export type SavedCart = z.output<typeof savedCartSchema>;

/** A line of the first format: a day or week line's start as the instant its page computed. */
const firstFormatLineSchema = cartItemObjectSchema
  .omit({ startDate: true, startTime: true, startOffset: true })
  .extend({ startingAt: isoDateTimeSchema.nullable() });
const firstFormatSchema = z.looseObject({
  version: z.literal(1),
  items: z.array(firstFormatLineSchema).max(ORDER_ARTICLES_MAX),
});

/**
 * A cart of the first format in this one. Its instants were computed by this browser from the day
 * and time chosen, with its own time-zone data: read back with the same data, they give that day
 * and time again, whatever the network's true offset (which the server now applies).
 */
function fromFirstFormat(value: z.output<typeof firstFormatSchema>, timeZone: string): unknown {
  return {
    ...value,
    version: CART_STORAGE_VERSION,
    items: value.items.map(({ startingAt, ...line }) => {
      const pivot = line.item.pivotType;
      const start =
        startingAt === null || pivot === null || pivot === 'MONTH_PIVOT'
          ? { startDate: null, startTime: null, startOffset: null }
          : pivot === 'WEEK_PIVOT'
            ? {
                startDate: wallClockOf(Date.parse(startingAt), timeZone).date,
                startTime: null,
                startOffset: null,
              }
            : slotChoiceAt(Date.parse(startingAt), timeZone);
      return {
        ...line,
        startDate: start.startDate,
        startTime: start.startTime,
        startOffset: start.startOffset,
      };
    }),
  };
}

/**
 * The saved cart from what storage holds (its JSON text, or the value already parsed), a cart of
 * the first format read on the network's clock of `timeZone`; null when nothing is saved, or the
 * entry is not JSON, of no known format, or not a valid cart.
 */
export function restoreCart(saved: unknown, timeZone: string): SavedCart | null {
  let value = saved;
  if (typeof saved === 'string') {
    try {
      value = JSON.parse(saved);
    } catch {
      return null;
    }
  }
  const firstFormat = firstFormatSchema.safeParse(value);
  if (firstFormat.success) {
    try {
      value = fromFirstFormat(firstFormat.data, timeZone);
    } catch {
      // An unknown time zone: the cart cannot be read on its clock.
      return null;
    }
  }
  const parsed = savedCartSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
