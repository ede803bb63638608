// The minute's look at subscriptions (decision 0043): the notices due are sent, then the charges
// due are made, a few subscriptions at a time. Each one is moved under its own row lock and reads
// its own state, so a sweep run twice, on two processes or retried, sends one notice and makes one
// charge per period.
import { createHash, randomBytes } from 'node:crypto';
import { instantAt } from '@transit-shop/sdk/time/network-clock';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { orderLines } from '../../../db/schema/orders.ts';
import { subscriptionRenewals, subscriptions } from '../../../db/schema/subscriptions.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import { chargeRenewal } from './charge-renewal.ts';
import { type SubscriptionMail, sendSubscriptionMail } from './subscription-mail.ts';
import { terminateSubscriptionRow } from './subscription-state.ts';
import { renewalAmountOf, renewedItemOf, scheduleOfPeriod } from './subscription-terms.ts';

/** Ours: subscriptions read per batch, and moved at the same time. */
const BATCH = 500;
const LANES = 8;

export const hashOfToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the period before the next one cost: the last renewal paid, or the article first bought. */
async function previousAmountOf(
  db: Database,
  subscription: typeof subscriptions.$inferSelect,
): Promise<number | null> {
  const [paid] = await db
    .select({ amount: subscriptionRenewals.amount })
    .from(subscriptionRenewals)
    .where(
      and(
        eq(subscriptionRenewals.subscriptionId, subscription.id),
        eq(subscriptionRenewals.period, subscription.nextPeriod - 1),
      ),
    )
    .limit(1);
  if (paid) return paid.amount;
  const [line] = await db
    .select({ amount: orderLines.amount })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, subscription.orderId), eq(orderLines.isSubscription, true)))
    .limit(1);
  return line?.amount ?? null;
}

/**
 * Announces the next renewal: its amount fixed at today's price, its termination link made (single
 * use, valid until the period starts). Answers the email to send.
 */
async function announceRenewal(
  tx: Database,
  deps: CheckoutDeps,
  subscriptionId: number,
  now: Date,
): Promise<SubscriptionMail | null> {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    // Another process moving it now: left to it (its look moves the next one on).
    .for('update', { skipLocked: true })
    .limit(1);
  if (subscription?.status !== 'ACTIVE' || !subscription.noticeAt || subscription.noticeAt > now) return null;
  const network = deps.networks.byId(subscription.networkId);
  if (!network) return null;
  const item = renewedItemOf(network, subscription);
  if (!item) {
    await terminateSubscriptionRow(tx, { subscription, reason: 'NO_LONGER_SOLD', now });
    return { kind: 'NO_LONGER_SOLD', subscriptionId };
  }
  const period = subscription.nextPeriod;
  const schedule = scheduleOfPeriod({ subscription, period, network, now });
  const amount = renewalAmountOf(item, subscription);
  const previous = await previousAmountOf(tx, subscription);
  const token = randomBytes(32).toString('base64url');
  const link = {
    terminationTokenHash: hashOfToken(token),
    terminationTokenExpiresAt: instantAt(schedule.renewalDate, '00:00', network.network.config.timeZone),
    noticeSentAt: now,
    amount,
    updatedAt: now,
  };
  const [updated] = await tx
    .update(subscriptionRenewals)
    .set(link)
    .where(
      and(
        eq(subscriptionRenewals.subscriptionId, subscription.id),
        eq(subscriptionRenewals.period, period),
        eq(subscriptionRenewals.status, 'ANNOUNCED'),
      ),
    )
    .returning({ id: subscriptionRenewals.id });
  if (!updated) {
    await tx
      .insert(subscriptionRenewals)
      .values({
        subscriptionId: subscription.id,
        period,
        validity: schedule.validity,
        renewalDate: schedule.renewalDate,
        currency: subscription.currency,
        createdAt: now,
        ...link,
      })
      .onConflictDoNothing();
  }
  await tx
    .update(subscriptions)
    .set({ noticeAt: null, updatedAt: now })
    .where(eq(subscriptions.id, subscription.id));
  return {
    kind: 'NOTICE',
    subscriptionId,
    token,
    previousAmount: previous !== null && previous !== amount ? previous : null,
  };
}

export async function sendRenewalNotice(deps: CheckoutDeps, subscriptionId: number): Promise<boolean> {
  const now = deps.clock.now();
  const mail = await deps.db.transaction((tx) => announceRenewal(tx, deps, subscriptionId, now));
  if (mail) await sendSubscriptionMail(deps, mail);
  return mail !== null;
}

/** Runs `work` on each id, LANES at a time, logging (not throwing) a failure of one. */
async function inLanes(
  deps: CheckoutDeps,
  ids: readonly number[],
  work: (id: number) => Promise<boolean>,
  what: string,
): Promise<number> {
  let next = 0;
  let done = 0;
  const lane = async () => {
    for (let index = next++; index < ids.length; index = next++) {
      const id = ids[index] as number;
      try {
        if (await work(id)) done += 1;
      } catch (error) {
        deps.logger.error(
          { err: error, subscriptionId: id },
          `a subscription's ${what} failed; it is tried again`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LANES, ids.length) }, lane));
  return done;
}

export async function renewDueSubscriptions(
  deps: CheckoutDeps,
): Promise<{ noticed: number; charged: number }> {
  let noticed = 0;
  let charged = 0;
  for (;;) {
    const now = deps.clock.now();
    const due = await deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'ACTIVE'), lte(subscriptions.noticeAt, now)))
      .orderBy(asc(subscriptions.noticeAt))
      .limit(BATCH);
    const sent = await inLanes(
      deps,
      due.map((row) => row.id),
      (id) => sendRenewalNotice(deps, id),
      'notice',
    );
    noticed += sent;
    if (due.length < BATCH || sent === 0) break;
  }
  for (;;) {
    const now = deps.clock.now();
    const due = await deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'ACTIVE'), lte(subscriptions.nextBillingAt, now)))
      .orderBy(asc(subscriptions.nextBillingAt))
      .limit(BATCH);
    const made = await inLanes(
      deps,
      due.map((row) => row.id),
      (id) => chargeRenewal(deps, id),
      'renewal',
    );
    charged += made;
    if (due.length < BATCH || made === 0) break;
  }
  if (noticed + charged > 0) deps.logger.info({ noticed, charged }, 'subscriptions announced and renewed');
  return { noticed, charged };
}
