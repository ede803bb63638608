// The cart's side of Order/verify.json (spec 02 §7 "Orders", decision 0017): its lines as order
// articles, and the request the verifyOrder actor receives. The ticket client fills the session and
// the network; the server prices every article, so no price leaves the cart.
import { NO_START } from '@transit-shop/sdk/catalogue/start-dates';
import type { OrderArticle } from '@transit-shop/sdk/contract/order';
import { articleStartOf, type CartItem } from './cart-types.ts';

/** What the verifyOrder actor receives: Order/verify.json's request without session nor network. */
export type VerifyOrderInput = {
  readonly articles: OrderArticle[];
  readonly vouchers: string[];
};

/**
 * One article per line (decision 0017): the shop item and its option, how many, for whom, on which
 * support and card, from when, with the additional information and the documents, bought as a
 * tacit subscription or for one period (decision 0043).
 */
export function orderArticleOf(line: CartItem): OrderArticle {
  const start = articleStartOf(line) ?? NO_START;
  return {
    shopItemId: line.item.shopItemId,
    quantity: line.quantity,
    customerId: line.profile,
    optionShopItemId: line.option?.shopItemId ?? null,
    support: line.delivery,
    isSubscription: line.isSubscription,
    mediaId: line.mediaId,
    ...start,
    fields: line.fields,
    documents: line.documents,
  };
}

export function verifyOrderInputOf(cart: {
  readonly items: readonly CartItem[];
  readonly vouchers: readonly string[];
}): VerifyOrderInput {
  return { articles: cart.items.map(orderArticleOf), vouchers: [...cart.vouchers] };
}
