// A renewal's charge refused (decision 0043), in the transaction that applies the provider's word:
// the period's order keeps waiting (it is not failed as a buyer's refused payment is) and the
// renewal is tried again on the schedule (each day at 06:00 up to the renewal date), the customer
// told each time; an expired card or a revoked mandate, or the last try refused, blocks the
// subscription until its method is replaced (SUB-03). A subscription terminated while its charge
// was under way gives the period up.
import { retryInstantOf } from '@transit-shop/sdk/subscriptions/renewal-schedule';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { subscriptionRenewals, subscriptions } from '../../../db/schema/subscriptions.ts';
import { recordOrderEvent } from '../payment-outcome/finalise-order.ts';
import type { SubscriptionMail } from './subscription-mail.ts';
import { blockSubscription, cancelWaitingOrder } from './subscription-state.ts';

const DAY_MS = 86_400_000;

/** Refusals a new try cannot change: the method itself must be replaced. */
const BLOCKING_REASONS: Record<string, 'METHOD_EXPIRED' | 'METHOD_REVOKED'> = {
  card_expired: 'METHOD_EXPIRED',
  mandate_revoked: 'METHOD_REVOKED',
};

/**
 * Applies a refusal to the renewal whose order it is; answers undefined when the order is no
 * renewal's (the caller fails it as a buyer's order), else the email to send, if any.
 */
export async function applyRenewalRefusal(
  db: Database,
  options: { orderId: number; reason: string | null; network: LoadedNetwork | undefined; now: Date },
): Promise<{ mail: SubscriptionMail | null } | undefined> {
  const { orderId, now } = options;
  const [row] = await db
    .select({ renewal: subscriptionRenewals, subscription: subscriptions })
    .from(subscriptionRenewals)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRenewals.subscriptionId))
    .where(eq(subscriptionRenewals.orderId, orderId))
    .for('update')
    .limit(1);
  if (!row) return undefined;
  const { renewal, subscription } = row;
  await recordOrderEvent(db, orderId, 'PAYMENT_REFUSED', 'PENDING', now);
  if (renewal.status !== 'CHARGING') return { mail: null };
  await db
    .update(subscriptionRenewals)
    .set({ lastReason: options.reason, updatedAt: now })
    .where(eq(subscriptionRenewals.id, renewal.id));

  if (subscription.status === 'TERMINATED') {
    await db
      .update(subscriptionRenewals)
      .set({ status: 'SKIPPED', updatedAt: now })
      .where(eq(subscriptionRenewals.id, renewal.id));
    await cancelWaitingOrder(db, orderId, now);
    return { mail: null };
  }
  const blockedBy = options.reason ? BLOCKING_REASONS[options.reason] : undefined;
  const timeZone = options.network?.network.config.timeZone ?? 'UTC';
  const scheduled = blockedBy ? null : retryInstantOf(renewal.validity, renewal.tries, timeZone);
  if (scheduled && subscription.status === 'ACTIVE') {
    // Never sooner than a day after this try: a try made late does not run the others at once.
    const retryAt = new Date(Math.max(scheduled.getTime(), now.getTime() + DAY_MS));
    await db
      .update(subscriptionRenewals)
      .set({ status: 'RETRYING', nextAttemptAt: retryAt, updatedAt: now })
      .where(eq(subscriptionRenewals.id, renewal.id));
    await db
      .update(subscriptions)
      .set({ nextBillingAt: retryAt, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));
    return { mail: { kind: 'CHARGE_REFUSED', subscriptionId: subscription.id } };
  }
  await blockSubscription(db, { subscription, reason: blockedBy ?? 'PAYMENT_REFUSED', now });
  return { mail: { kind: 'BLOCKED', subscriptionId: subscription.id } };
}
