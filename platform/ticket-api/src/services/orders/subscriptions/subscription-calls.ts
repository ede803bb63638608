// What the Subscriptions calls do (spec 02 §7, decision 0043): the caller's own subscriptions on the
// call's network only (another customer's or another network's is SUBSCRIPTION_NOT_FOUND, SUB-05,
// and tells nothing of it); terminating one; charging it to another saved method, which unblocks a
// blocked one and charges what is due at once; and a notice's link, which terminates one once
// without a session.
import type { LinkedSubscription } from '@transit-shop/sdk/contract/subscriptions';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { lastDayOf, periodIndexOn } from '@transit-shop/sdk/subscriptions/renewal-schedule';
import { networkToday } from '@transit-shop/sdk/time/network-clock';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { type SavedPaymentMethodRow, savedPaymentMethods } from '../../../db/schema/payments.ts';
import {
  type SubscriptionRow,
  subscriptionRenewals,
  subscriptions,
} from '../../../db/schema/subscriptions.ts';
import { type UserRow, users } from '../../../db/schema/users.ts';
import { expiryOf } from '../../payment-methods/list-saved-payment-methods.ts';
import { callersLiveMethods } from '../../payment-methods/saved-method-scope.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import { chargeRenewal } from './charge-renewal.ts';
import { hashOfToken } from './renewal-sweep.ts';
import { subscriptionDetail, subscriptionSummaries } from './subscription-answer.ts';
import { sendSubscriptionMail } from './subscription-mail.ts';
import { cancelWaitingOrder, terminateSubscriptionRow } from './subscription-state.ts';
import { renewedItemOf, scheduleOfPeriod } from './subscription-terms.ts';

export type Caller = { deps: CheckoutDeps; network: LoadedNetwork; user: UserRow };

const notFound = () => new AppError('SUBSCRIPTION_NOT_FOUND');

/** The caller's subscription on the call's network, locked when asked; else SUBSCRIPTION_NOT_FOUND. */
export async function ownSubscription(
  db: Database,
  caller: Pick<Caller, 'network' | 'user'>,
  id: number,
  lock = false,
): Promise<SubscriptionRow> {
  if (caller.user.status === 'GUEST') throw notFound();
  const query = db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, id),
        eq(subscriptions.userId, caller.user.id),
        eq(subscriptions.networkId, caller.network.network.config.id),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

const context = (caller: Caller) => ({
  db: caller.deps.db,
  network: caller.network,
  now: caller.deps.clock.now(),
});

export async function listSubscriptions(caller: Caller) {
  if (caller.user.status === 'GUEST') return { subscriptions: [] };
  const rows = await caller.deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, caller.user.id),
        eq(subscriptions.networkId, caller.network.network.config.id),
      ),
    )
    .orderBy(
      asc(sql`case when ${subscriptions.status} = 'TERMINATED' then 1 else 0 end`),
      desc(subscriptions.createdAt),
      desc(subscriptions.id),
    );
  return { subscriptions: await subscriptionSummaries(context(caller), rows) };
}

export async function getSubscription(caller: Caller, id: number) {
  const row = await ownSubscription(caller.deps.db, caller, id);
  return subscriptionDetail(context(caller), row);
}

export async function terminateSubscription(caller: Caller, id: number) {
  const { deps } = caller;
  const now = deps.clock.now();
  const terminated = await deps.db.transaction(async (tx) => {
    const row = await ownSubscription(tx, caller, id, true);
    if (row.status === 'TERMINATED') return false;
    await terminateSubscriptionRow(tx, { subscription: row, reason: 'CUSTOMER', now });
    return true;
  });
  if (terminated) await sendSubscriptionMail(deps, { kind: 'TERMINATED', subscriptionId: id });
  return getSubscription(caller, id);
}

/**
 * A blocked subscription's method replaced: it is ACTIVE again and what is due is charged at once.
 * What is due is the period waiting for its charge if it has not ended, else the period under way
 * today; a period that passed whole while it was blocked is not charged (nothing was issued for it).
 */
async function unblock(tx: Database, row: SubscriptionRow, network: LoadedNetwork, now: Date): Promise<void> {
  const timeZone = network.network.config.timeZone;
  const today = networkToday(timeZone, now);
  const [waiting] = await tx
    .select()
    .from(subscriptionRenewals)
    .where(
      and(eq(subscriptionRenewals.subscriptionId, row.id), eq(subscriptionRenewals.period, row.nextPeriod)),
    )
    .limit(1);
  let period = row.nextPeriod;
  if (waiting && lastDayOf(waiting.validity, timeZone) < today) {
    await tx
      .update(subscriptionRenewals)
      .set({ status: 'SKIPPED', nextAttemptAt: null, updatedAt: now })
      .where(eq(subscriptionRenewals.id, waiting.id));
    await cancelWaitingOrder(tx, waiting.orderId, now);
    period = Math.max(
      row.nextPeriod + 1,
      periodIndexOn(
        row,
        { startMonth: row.startMonth, startingAt: row.startingAt?.toISOString() ?? null },
        today,
        timeZone,
      ),
    );
  } else if (waiting) {
    await tx
      .update(subscriptionRenewals)
      .set({ status: 'RETRYING', tries: 0, nextAttemptAt: now, updatedAt: now })
      .where(eq(subscriptionRenewals.id, waiting.id));
  }
  const schedule = scheduleOfPeriod({ subscription: row, period, network, now });
  await tx
    .update(subscriptions)
    .set({
      status: 'ACTIVE',
      blockedReason: null,
      nextPeriod: period,
      nextBillingAt: waiting && period === row.nextPeriod ? now : schedule.billingAt,
      noticeAt: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, row.id));
}

/**
 * Renews a subscription (locked, not terminated) on another method of its customer: refused when
 * expired or of a kind its item is not sold with. A blocked one is unblocked; a refused try waiting
 * for its next day is moved to now. Answers whether something is due now (to charge after commit).
 */
export async function switchSubscriptionMethod(
  tx: Database,
  options: { row: SubscriptionRow; method: SavedPaymentMethodRow; network: LoadedNetwork; now: Date },
): Promise<boolean> {
  const { row, method, network, now } = options;
  // Expired, or of a kind the item is not sold with (a bank account for an item paid by card only).
  const accepted = renewedItemOf(network, row)?.paymentOptions.paymentMethods;
  if (
    expiryOf(method, now, network.network.config.timeZone).expired ||
    (accepted !== undefined && !accepted.includes(method.kind))
  )
    throw new AppError('SUBSCRIPTION_METHOD_NOT_USABLE');
  await tx
    .update(subscriptions)
    .set({ savedPaymentMethodId: method.id, updatedAt: now })
    .where(eq(subscriptions.id, row.id));
  if (row.status === 'BLOCKED') {
    await unblock(tx, row, network, now);
    return true;
  }
  // A refused try waiting for its next day is tried again at once, on the new method.
  const [retrying] = await tx
    .update(subscriptionRenewals)
    .set({ nextAttemptAt: now, updatedAt: now })
    .where(
      and(
        eq(subscriptionRenewals.subscriptionId, row.id),
        eq(subscriptionRenewals.period, row.nextPeriod),
        eq(subscriptionRenewals.status, 'RETRYING'),
      ),
    )
    .returning({ id: subscriptionRenewals.id });
  if (!retrying) return false;
  await tx.update(subscriptions).set({ nextBillingAt: now }).where(eq(subscriptions.id, row.id));
  return true;
}

/** Charges at once what a method switch made due; the minute's sweep does if the provider fails. */
export async function chargeWhatIsDue(deps: CheckoutDeps, subscriptionId: number): Promise<void> {
  try {
    await chargeRenewal(deps, subscriptionId);
  } catch (error) {
    deps.logger.error({ err: error, subscriptionId }, 'a renewal due could not be charged at once');
  }
}

export async function updateSubscriptionCard(caller: Caller, id: number, cardId: number) {
  const { deps, network, user } = caller;
  const now = deps.clock.now();
  const chargeNow = await deps.db.transaction(async (tx) => {
    const row = await ownSubscription(tx, caller, id, true);
    if (row.status === 'TERMINATED') throw new AppError('SUBSCRIPTION_TERMINATED');
    const [method] = await tx
      .select()
      .from(savedPaymentMethods)
      .where(and(callersLiveMethods({ user, network }), eq(savedPaymentMethods.id, cardId)))
      .limit(1);
    if (!method) throw new AppError('SAVED_METHOD_NOT_FOUND');
    return switchSubscriptionMethod(tx, { row, method, network, now });
  });
  if (chargeNow) await chargeWhatIsDue(deps, id);
  return getSubscription(caller, id);
}

/** The subscription a live link names, on the call's network; else SUBSCRIPTION_LINK_INVALID. */
async function linkedSubscription(
  db: Database,
  network: LoadedNetwork,
  token: string,
  now: Date,
  lock: boolean,
) {
  const query = db
    .select({ renewal: subscriptionRenewals, subscription: subscriptions })
    .from(subscriptionRenewals)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRenewals.subscriptionId))
    .where(
      and(
        eq(subscriptionRenewals.terminationTokenHash, hashOfToken(token)),
        gt(subscriptionRenewals.terminationTokenExpiresAt, now),
        eq(subscriptions.networkId, network.network.config.id),
      ),
    )
    .limit(1);
  const [found] = lock ? await query.for('update') : await query;
  if (!found || found.subscription.status === 'TERMINATED') throw new AppError('SUBSCRIPTION_LINK_INVALID');
  return found;
}

async function linkedAnswer(
  db: Database,
  network: LoadedNetwork,
  found: Awaited<ReturnType<typeof linkedSubscription>>,
  status: LinkedSubscription['status'],
): Promise<LinkedSubscription> {
  const { subscription, renewal } = found;
  const [beneficiary] = await db
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.id, subscription.customerId ?? subscription.userId))
    .limit(1);
  const timeZone = network.network.config.timeZone;
  return {
    status,
    label: subscription.label,
    beneficiaryFirstName: beneficiary?.firstName ?? '',
    renewalDate: renewal.renewalDate,
    amount: renewal.amount,
    currency: renewal.currency,
    endsOn: status === 'TERMINATED' ? lastDayOf(subscription.paidValidity, timeZone) : null,
  };
}

export async function readTerminationLink(deps: CheckoutDeps, network: LoadedNetwork, token: string) {
  const found = await linkedSubscription(deps.db, network, token, deps.clock.now(), false);
  return linkedAnswer(deps.db, network, found, found.subscription.status);
}

export async function terminateByLink(deps: CheckoutDeps, network: LoadedNetwork, token: string) {
  const now = deps.clock.now();
  const found = await deps.db.transaction(async (tx) => {
    const linked = await linkedSubscription(tx, network, token, now, true);
    await terminateSubscriptionRow(tx, { subscription: linked.subscription, reason: 'NOTICE_LINK', now });
    // Used up, whatever became of the renewal it announced.
    await tx
      .update(subscriptionRenewals)
      .set({ terminationTokenHash: null, updatedAt: now })
      .where(eq(subscriptionRenewals.id, linked.renewal.id));
    const [after] = await tx.select().from(subscriptions).where(eq(subscriptions.id, linked.subscription.id));
    return { ...linked, subscription: after ?? linked.subscription };
  });
  await sendSubscriptionMail(deps, { kind: 'TERMINATED', subscriptionId: found.subscription.id });
  return linkedAnswer(deps.db, network, found, 'TERMINATED');
}
