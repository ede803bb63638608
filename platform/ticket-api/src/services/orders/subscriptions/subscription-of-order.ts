// What a completed order does to subscriptions, in the transaction that completes it (decision
// 0043): the order of a subscription article starts the subscription (its first period paid, its
// first renewal scheduled, the method the order saved to charge), and a renewal's order marks its
// period paid and schedules the next one. Both are guarded (one subscription per order, a period
// moves once), so an outcome applied twice changes nothing the second time.

import { renewalIntervalOf } from '@transit-shop/sdk/catalogue/shop-item-rules';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { type OrderRow, orderLines } from '../../../db/schema/orders.ts';
import { subscriptionRenewals, subscriptions } from '../../../db/schema/subscriptions.ts';
import { renewedItemOf, scheduleOfPeriod, validityOfPeriod } from './subscription-terms.ts';

/**
 * The subscription line of an order and the renewal it pays, if any, in one round trip: a renewal's
 * order line is a subscription line too.
 */
async function subscriptionPartsOf(db: Database, orderId: number) {
  const [parts] = await db
    .select({
      lineId: orderLines.id,
      renewalId: sql<number | null>`(select renewal.id from subscription_renewals renewal
        where renewal.order_id = ${orderId})`,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.isSubscription, true)))
    .limit(1);
  return { lineId: parts?.lineId ?? null, renewalId: parts?.renewalId ?? null };
}

export async function settleSubscriptionsOfOrder(options: {
  db: Database;
  network: LoadedNetwork;
  order: OrderRow;
  /** The method the order's payment saved, when it did. */
  savedMethodId: number | null;
  now: Date;
}): Promise<void> {
  const { db, order } = options;
  const { lineId, renewalId } = await subscriptionPartsOf(db, order.id);
  if (renewalId !== null) await markRenewalPaid(db, options.network, renewalId, options.now);
  else if (lineId !== null) await startSubscription({ ...options, lineId });
}

async function startSubscription(options: {
  db: Database;
  network: LoadedNetwork;
  order: OrderRow;
  lineId: number;
  savedMethodId: number | null;
  now: Date;
}): Promise<void> {
  const { db, network, order, now } = options;
  const [line] = await db.select().from(orderLines).where(eq(orderLines.id, options.lineId)).limit(1);
  if (!line || line.support === null) return;
  const item = renewedItemOf(network, line);
  const interval = item ? renewalIntervalOf(item.pivotType, item.pivotValue) : null;
  // Placement refuses a subscription the network does not sell; one withdrawn since is sold once.
  if (!item || !interval) return;
  const terms = {
    shopItemId: line.shopItemId,
    startMonth: line.startMonth,
    startingAt: line.startingAt,
    quantity: line.quantity,
    pivotType: item.pivotType,
    pivotValue: item.pivotValue,
  };
  const timeZone = network.network.config.timeZone;
  const next = scheduleOfPeriod({ subscription: terms, period: 1, network, now });
  await db
    .insert(subscriptions)
    .values({
      networkId: order.networkId,
      userId: order.userId,
      orderId: order.id,
      ...terms,
      productIds: line.productIds,
      label: line.label,
      support: line.support,
      customerId: line.customerId,
      mediaId: line.mediaId,
      fields: line.fields,
      documents: line.documents,
      renewalInterval: interval,
      currency: order.currency,
      lang: order.lang,
      savedPaymentMethodId: options.savedMethodId ?? order.savedPaymentMethodId,
      nextPeriod: 1,
      paidValidity: validityOfPeriod(terms, 0, timeZone),
      nextBillingAt: next.billingAt,
      noticeAt: next.noticeAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/**
 * The period paid: the subscription covers it and its next period is scheduled, unless it was
 * terminated meanwhile (then it keeps the period it paid and schedules nothing more). An item no
 * longer sold is looked at by the next sweep at once, which terminates it and says so.
 */
async function markRenewalPaid(
  db: Database,
  network: LoadedNetwork,
  renewalId: number,
  now: Date,
): Promise<void> {
  const [renewal] = await db
    .update(subscriptionRenewals)
    .set({ status: 'PAID', nextAttemptAt: null, updatedAt: now })
    .where(and(eq(subscriptionRenewals.id, renewalId), ne(subscriptionRenewals.status, 'PAID')))
    .returning();
  if (!renewal) return;
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, renewal.subscriptionId), eq(subscriptions.nextPeriod, renewal.period)))
    .for('update')
    .limit(1);
  if (!subscription) return;
  const period = renewal.period + 1;
  const item = renewedItemOf(network, subscription);
  const next =
    subscription.status === 'TERMINATED'
      ? null
      : item
        ? scheduleOfPeriod({ subscription, period, network, now })
        : { billingAt: now, noticeAt: null };
  await db
    .update(subscriptions)
    .set({
      nextPeriod: period,
      paidValidity: renewal.validity,
      ...(subscription.status === 'TERMINATED' ? {} : { status: 'ACTIVE', blockedReason: null }),
      nextBillingAt: next?.billingAt ?? null,
      noticeAt: next?.noticeAt ?? null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, subscription.id));
}
