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

/** Whether a cart line is a tacit subscription. */
export const isSubscriptionLine = (line: { readonly isSubscription: boolean }): boolean =>
  line.isSubscription;

/** A subscription line's renewal period; null for a line bought for one period. */
export function lineRenewalIntervalOf(line: {
  readonly item: OfferedItem;
  readonly isSubscription: boolean;
}): RenewalInterval | null {
  return isSubscriptionLine(line) ? renewalIntervalOf(line.item.pivotType, line.item.pivotValue) : null;
}
