// Whether an item is sold as a tacit subscription on the page's network, and how a cart line says
// which way it is bought (decision 0043): the product page, the cart and the checkout read it here.
import { renewalIntervalOf } from '@transit-shop/sdk/catalogue/shop-item-rules';
import type { RenewalInterval, ShopItem } from '@transit-shop/sdk/contract/catalogue';
import type { NetworkConfiguration } from '@transit-shop/sdk/contract/networks';

type OfferedItem = Pick<ShopItem, 'paymentOptions' | 'pivotType' | 'pivotValue'>;

/**
 * The period a subscription to the item renews every (SUB-04), when the network sells
 * subscriptions and the item allows one; null when it is bought for one period only.
 */
export function subscriptionIntervalOf(
  item: OfferedItem,
  network: Pick<NetworkConfiguration, 'has_subscriptions'>,
): RenewalInterval | null {
  if (!network.has_subscriptions || !item.paymentOptions.allowSubscription) return null;
  return renewalIntervalOf(item.pivotType, item.pivotValue);
}

/**
 * The item as the cart keeps it for a line bought this way. The cart's order articles read
 * `isSubscription` from their item's `allowSubscription` (packages/flows, verify-order.ts), so a
 * line bought for one period carries its item with `allowSubscription` off: it is then no
 * subscription for the cart's rules (CART-07), the verification or the order placed.
 */
export function itemAsBought<Item extends Pick<ShopItem, 'paymentOptions'>>(
  item: Item,
  isSubscription: boolean,
): Item {
  if (item.paymentOptions.allowSubscription === isSubscription) return item;
  return { ...item, paymentOptions: { ...item.paymentOptions, allowSubscription: isSubscription } };
}

/** Whether a cart line is a tacit subscription (its item as bought, itemAsBought). */
export const isSubscriptionLine = (line: { readonly item: Pick<ShopItem, 'paymentOptions'> }): boolean =>
  line.item.paymentOptions.allowSubscription;

/** A subscription line's renewal period; null for a line bought for one period. */
export function lineRenewalIntervalOf(line: { readonly item: OfferedItem }): RenewalInterval | null {
  return isSubscriptionLine(line) ? renewalIntervalOf(line.item.pivotType, line.item.pivotValue) : null;
}
