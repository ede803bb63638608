// The cart as it is kept in the browser's local storage under `cart` (CART-01, spec 02 §3 "Cart
// state"): its zod schema, and the reading that drops a saved cart which is unreadable, of another
// format or breaks the cart's rules, so a bad entry costs the cart and never the page.
import { orderReferenceSchema } from '@transit-shop/sdk/contract/checkout';
import {
  discountSchema,
  ORDER_ARTICLES_MAX,
  ORDER_VOUCHERS_MAX,
  orderVoucherCodeSchema,
} from '@transit-shop/sdk/contract/order';
import { z } from 'zod';
import { cartItemSchema } from './cart-types.ts';

/** CART-01: the local storage key. */
export const CART_STORAGE_KEY = 'cart';
/** Raised when the saved shape changes: a cart saved in another shape is dropped, not misread. */
export const CART_STORAGE_VERSION = 1;

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
