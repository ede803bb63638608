// A subscription's moves between ACTIVE, BLOCKED and TERMINATED (SUB-02, SUB-03, decision 0043),
// each made under the subscription's row lock by its caller. Blocking keeps the period's renewal
// and its order waiting for a method that can be charged; terminating gives up what was not charged
// yet (the period's order cancelled) and keeps a charge already under way, which completes.
import type { BlockedReason, TerminationReason } from '@transit-shop/sdk/contract/subscriptions';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { orders } from '../../../db/schema/orders.ts';
import {
  type SubscriptionRow,
  subscriptionRenewals,
  subscriptions,
} from '../../../db/schema/subscriptions.ts';
import { failOrder } from '../payment-outcome/finalise-order.ts';

export async function blockSubscription(
  db: Database,
  options: { subscription: Pick<SubscriptionRow, 'id' | 'nextPeriod'>; reason: BlockedReason; now: Date },
): Promise<void> {
  const { subscription, reason, now } = options;
  await db
    .update(subscriptions)
    .set({ status: 'BLOCKED', blockedReason: reason, nextBillingAt: null, noticeAt: null, updatedAt: now })
    .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.status, 'ACTIVE')));
  await db
    .update(subscriptionRenewals)
    .set({ status: 'FAILED', nextAttemptAt: null, updatedAt: now })
    .where(
      and(
        eq(subscriptionRenewals.subscriptionId, subscription.id),
        eq(subscriptionRenewals.period, subscription.nextPeriod),
        inArray(subscriptionRenewals.status, ['ANNOUNCED', 'RETRYING', 'CHARGING']),
      ),
    );
}

/** Cancels the period's order that waited for a charge: nothing will be charged for it. */
async function cancelWaitingOrder(db: Database, orderId: number | null, now: Date): Promise<void> {
  if (orderId === null) return;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (order) await failOrder({ db, order, to: 'CANCELED', event: 'PAYMENT_CANCELLED', now });
}

/**
 * Nothing more is renewed. A renewal announced, refused or failed is given up with its order; one
 * being charged is left to complete (its outcome pays the period or fails it). Answers whether a
 * charge was under way.
 */
export async function terminateSubscriptionRow(
  db: Database,
  options: {
    subscription: Pick<SubscriptionRow, 'id' | 'nextPeriod' | 'status'>;
    reason: TerminationReason;
    now: Date;
  },
): Promise<{ renewalUnderWay: boolean }> {
  const { subscription, reason, now } = options;
  if (subscription.status === 'TERMINATED') return { renewalUnderWay: false };
  await db
    .update(subscriptions)
    .set({
      status: 'TERMINATED',
      terminatedAt: now,
      terminationReason: reason,
      nextBillingAt: null,
      noticeAt: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, subscription.id));
  const [renewal] = await db
    .select()
    .from(subscriptionRenewals)
    .where(
      and(
        eq(subscriptionRenewals.subscriptionId, subscription.id),
        eq(subscriptionRenewals.period, subscription.nextPeriod),
      ),
    )
    .limit(1);
  if (!renewal) return { renewalUnderWay: false };
  if (renewal.status === 'CHARGING') return { renewalUnderWay: true };
  if (renewal.status === 'ANNOUNCED' || renewal.status === 'RETRYING' || renewal.status === 'FAILED') {
    await db
      .update(subscriptionRenewals)
      .set({ status: 'SKIPPED', nextAttemptAt: null, terminationTokenHash: null, updatedAt: now })
      .where(eq(subscriptionRenewals.id, renewal.id));
    await cancelWaitingOrder(db, renewal.orderId, now);
  }
  return { renewalUnderWay: false };
}

export { cancelWaitingOrder };
