// What the product page hands to the cart: one line as spec 01 §3 names a cart item's parts, given
// to the one function the app provides here. The cart is not built yet: until the app wires it, the
// page says that adding to the cart is not available rather than pretending.
import type { ShopItem, Support } from '@transit-shop/sdk/contract/catalogue';
import { createContext, type ReactNode, useContext } from 'react';
import type { FieldValue } from './field-rules.ts';

export type CartLineDraft = {
  /** The shop item, as the catalogue answered it in the page's language. */
  readonly item: ShopItem;
  /** Within the item's articleQuantityMin and articleQuantityMax (CART-04). */
  readonly quantity: number;
  /** The traveller (customer id): the account holder or one of their active profiles; null for a visitor. */
  readonly profile: number | null;
  /** The support chosen among those offered to this visitor (CAT-03, CHK-03). */
  readonly delivery: Support;
  /** MONTH_PIVOT: the month chosen, YYYY-MM (PIVOT-02). */
  readonly startMonth: string | null;
  /** DAY_PIVOT and WEEK_PIVOT: the 15-minute slot or the Monday chosen, an ISO instant (PIVOT-01, PIVOT-04). */
  readonly startingAt: string | null;
  /** Additional information keyed by the item's field ids (CART-12). */
  readonly fields: Readonly<Record<string, FieldValue>>;
  /** Sold as a tacit subscription (the item's paymentOptions.allowSubscription). */
  readonly isSubscription: boolean;
};

export type AddToCart = (line: CartLineDraft) => void | Promise<void>;

const AddToCartContext = createContext<AddToCart | null>(null);

/** Where the app plugs the cart in: the product page calls `onAddToCart` with each line. */
export function AddToCartProvider({
  onAddToCart,
  children,
}: {
  onAddToCart: AddToCart;
  children: ReactNode;
}) {
  return <AddToCartContext.Provider value={onAddToCart}>{children}</AddToCartContext.Provider>;
}

/** The cart's add, or null while no cart is wired. */
export function useAddToCart(): AddToCart | null {
  return useContext(AddToCartContext);
}
