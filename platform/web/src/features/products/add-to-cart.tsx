// What the product page hands to the cart: one line as spec 01 §3 names a cart item's parts, given
// to the page's cart (lib/cart/add-to-cart.ts) or to the add a provider hands down (tests).
import type { StartChoice } from '@transit-shop/sdk/catalogue/start-dates';
import type { ShopItem, Support } from '@transit-shop/sdk/contract/catalogue';
import { createContext, type ReactNode, useContext } from 'react';
import type { FieldValue } from './field-rules.ts';

/**
 * The start is the one chosen on the network's calendar and clock (StartChoice: a month, a day, a
 * slot's time): the server derives its instant (decision 0038).
 */
export type CartLineDraft = StartChoice & {
  /** The shop item, as the catalogue answered it in the page's language. */
  readonly item: ShopItem;
  /** Within the item's articleQuantityMin and articleQuantityMax (CART-04). */
  readonly quantity: number;
  /** The traveller (customer id): the account holder or one of their active profiles; null for a visitor. */
  readonly profile: number | null;
  /** The support chosen among those offered to this visitor (CAT-03, CHK-03). */
  readonly delivery: Support;
  /**
   * The transport card that receives a PHYSICAL article, chosen on the page by a signed-in customer;
   * null for a new card sent by post; left out when the page asks no card.
   */
  readonly mediaId?: number | null;
  /** Additional information keyed by the item's field ids (CART-12). */
  readonly fields: Readonly<Record<string, FieldValue>>;
  /** The traveller's documents given for the item's required types (CHK-08), one per type. */
  readonly documents?: readonly number[];
  /** Bought as a tacit subscription, which the item allows (its paymentOptions.allowSubscription). */
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

/** The add a provider hands down, or null: the page then uses the page's cart. */
export function useAddToCart(): AddToCart | null {
  return useContext(AddToCartContext);
}
