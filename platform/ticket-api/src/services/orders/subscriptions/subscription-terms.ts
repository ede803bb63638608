// What a subscription's renewals follow, read from its row and its network (decision 0043): the
// item it renews (while the network still sells it as a subscription), the renewal's price from the
// catalogue, and its periods on the network's clock (the sdk's renewal schedule).
import type { ValidityPeriod } from '@transit-shop/sdk/catalogue/validity-period';
import {
  billingInstantOf,
  firstDayOf,
  noticeInstantOf,
  type PeriodStart,
  periodStartOf,
  periodValidityOf,
  type RenewedItem,
} from '@transit-shop/sdk/subscriptions/renewal-schedule';
import type { CatalogueShopItemFile, LoadedNetwork } from '@transit-shop/tenancy';
import type { SubscriptionRow } from '../../../db/schema/subscriptions.ts';

export type SubscriptionTerms = Pick<
  SubscriptionRow,
  'shopItemId' | 'startMonth' | 'startingAt' | 'quantity' | 'pivotType' | 'pivotValue'
>;

/** The item a subscription renews, while the network sells it as one; undefined once it does not. */
export function renewedItemOf(
  network: LoadedNetwork,
  subscription: Pick<SubscriptionRow, 'shopItemId'>,
): (CatalogueShopItemFile & RenewedItem) | undefined {
  if (!network.network.config.has_subscriptions) return undefined;
  const item = network.catalogue.shopItems.find(
    (candidate) => candidate.shopItemId === subscription.shopItemId,
  );
  if (!item?.paymentOptions.allowSubscription || item.pivotType === null || item.pivotValue === null)
    return undefined;
  return item as CatalogueShopItemFile & RenewedItem;
}

/** The price of one period at today's catalogue: a change applies from the next renewal announced. */
export function renewalAmountOf(
  item: CatalogueShopItemFile,
  subscription: Pick<SubscriptionRow, 'quantity'>,
): number {
  return (item.shopItemPromoPrice ?? item.shopItemPrice) * subscription.quantity;
}

const firstStart = (subscription: SubscriptionTerms) => ({
  startMonth: subscription.startMonth,
  startingAt: subscription.startingAt?.toISOString() ?? null,
});

/** How an article of period `period` names its start: a month, or an instant. */
export function startOfPeriod(
  subscription: SubscriptionTerms,
  period: number,
  timeZone: string,
): PeriodStart {
  return periodStartOf(subscription, firstStart(subscription), period, timeZone);
}

/** The period `period` covers, by the validity the item had when subscribed. */
export function validityOfPeriod(
  subscription: SubscriptionTerms,
  period: number,
  timeZone: string,
): ValidityPeriod {
  return periodValidityOf(subscription, firstStart(subscription), period, timeZone);
}

/** When `period` is charged first and when its notice goes, never before `now`. */
export function scheduleOfPeriod(options: {
  subscription: SubscriptionTerms;
  period: number;
  network: LoadedNetwork;
  now: Date;
}): { validity: ValidityPeriod; renewalDate: string; billingAt: Date; noticeAt: Date } {
  const { subscription, period, network, now } = options;
  const config = network.network.config;
  const timeZone = config.timeZone;
  const validity = validityOfPeriod(subscription, period, timeZone);
  const previous = validityOfPeriod(subscription, period - 1, timeZone);
  const latest = (instant: Date) => (instant.getTime() < now.getTime() ? now : instant);
  return {
    validity,
    renewalDate: firstDayOf(validity, timeZone),
    billingAt: latest(billingInstantOf(validity, timeZone)),
    noticeAt: latest(noticeInstantOf(validity, previous, config.subscription_notice_days, timeZone)),
  };
}
