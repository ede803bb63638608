// Subscriptions as the account shows them (SUB-01, SUB-02, decision 0043): who they are for, what,
// the period paid, the renewal date, the next charge and its amount, the method and its expiry
// marks (PM-02); with, for one, every period and every charge tried for it. Instants carry the
// network's offset (decision 0038).

import type { RenewalInterval, Support } from '@transit-shop/sdk/contract/catalogue';
import type {
  BlockedReason,
  SubscriptionDetail,
  SubscriptionSummary,
  TerminationReason,
} from '@transit-shop/sdk/contract/subscriptions';
import { firstDayOf, lastDayOf } from '@transit-shop/sdk/subscriptions/renewal-schedule';
import { addCalendarDays, wallClockOf } from '@transit-shop/sdk/time/network-clock';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { mediaLinks } from '../../../db/schema/media.ts';
import { payments, savedPaymentMethods } from '../../../db/schema/payments.ts';
import {
  type SubscriptionRenewalRow,
  type SubscriptionRow,
  subscriptionRenewals,
} from '../../../db/schema/subscriptions.ts';
import { users } from '../../../db/schema/users.ts';
import { expiryOf, savedMethodLabel } from '../../payment-methods/list-saved-payment-methods.ts';
import { renewalAmountOf, renewedItemOf, validityOfPeriod } from './subscription-terms.ts';

type Context = { db: Database; network: LoadedNetwork; now: Date };

const byId = <T extends { id: number }>(rows: readonly T[]) => new Map(rows.map((row) => [row.id, row]));

/** The first day after the period paid: periods follow one another without a gap. */
function dayAfter(validity: SubscriptionRow['paidValidity'], timeZone: string): string {
  return validity.kind === 'DAYS'
    ? addCalendarDays(validity.to, 1)
    : wallClockOf(Date.parse(validity.to), timeZone).date;
}

export async function subscriptionSummaries(
  context: Context,
  rows: readonly SubscriptionRow[],
): Promise<SubscriptionSummary[]> {
  if (rows.length === 0) return [];
  const { db, network, now } = context;
  const timeZone = network.network.config.timeZone;
  const people = byId(
    await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(
        inArray(users.id, [...new Set(rows.flatMap((row) => [row.userId, row.customerId ?? row.userId]))]),
      ),
  );
  const methodIds = rows.flatMap((row) =>
    row.savedPaymentMethodId === null ? [] : [row.savedPaymentMethodId],
  );
  const methods = byId(
    methodIds.length === 0
      ? []
      : await db.select().from(savedPaymentMethods).where(inArray(savedPaymentMethods.id, methodIds)),
  );
  const mediaIds = rows.flatMap((row) => (row.mediaId === null ? [] : [row.mediaId]));
  const cards = byId(
    mediaIds.length === 0
      ? []
      : await db
          .select({ id: mediaLinks.id, number: mediaLinks.number })
          .from(mediaLinks)
          .where(inArray(mediaLinks.id, mediaIds)),
  );
  const upcoming = await db
    .select()
    .from(subscriptionRenewals)
    .where(
      inArray(
        subscriptionRenewals.subscriptionId,
        rows.map((row) => row.id),
      ),
    );
  const renewalOf = (row: SubscriptionRow) =>
    upcoming.find((renewal) => renewal.subscriptionId === row.id && renewal.period === row.nextPeriod);

  return rows.map((row) => {
    const beneficiary = people.get(row.customerId ?? row.userId);
    const method = row.savedPaymentMethodId === null ? undefined : methods.get(row.savedPaymentMethodId);
    const terminated = row.status === 'TERMINATED';
    const renewal = renewalOf(row);
    const item = renewedItemOf(network, row);
    const amount = renewal?.amount ?? (item ? renewalAmountOf(item, row) : null);
    const billingAt = renewal?.nextAttemptAt ?? row.nextBillingAt;
    return {
      id: row.id,
      status: row.status,
      blockedReason:
        row.status === 'BLOCKED' ? ((row.blockedReason as BlockedReason | null) ?? 'PAYMENT_REFUSED') : null,
      beneficiary: {
        customerId: row.customerId === row.userId ? null : row.customerId,
        firstName: beneficiary?.firstName ?? '',
        lastName: beneficiary?.lastName ?? '',
      },
      shopItemId: row.shopItemId,
      label: row.label,
      support: row.support as Support,
      cardNumber: row.mediaId === null ? null : (cards.get(row.mediaId)?.number ?? null),
      renewalInterval: row.renewalInterval as RenewalInterval,
      startDate: firstDayOf(validityOfPeriod(row, 0, timeZone), timeZone),
      validity: row.paidValidity,
      renewalDate: terminated ? null : (renewal?.renewalDate ?? dayAfter(row.paidValidity, timeZone)),
      nextBilling:
        row.status === 'ACTIVE' && billingAt && amount !== null
          ? { at: networkInstantText(billingAt, timeZone), amount, currency: row.currency }
          : null,
      paymentMethod: method
        ? {
            id: method.id,
            kind: method.kind,
            label: savedMethodLabel(method),
            ...expiryOf(method, now, timeZone),
          }
        : null,
      terminatedAt: row.terminatedAt ? networkInstantText(row.terminatedAt, timeZone) : null,
      terminationReason: (row.terminationReason as TerminationReason | null) ?? null,
      endsOn: terminated ? lastDayOf(row.paidValidity, timeZone) : null,
    };
  });
}

const CHARGE_STATUS = {
  OPEN: 'PENDING',
  PENDING: 'PENDING',
  SUCCEEDED: 'SUCCEEDED',
  REFUSED: 'REFUSED',
  CANCELLED: 'CANCELLED',
  EXPIRED: 'CANCELLED',
} as const;

export async function subscriptionDetail(
  context: Context,
  row: SubscriptionRow,
): Promise<SubscriptionDetail> {
  const { db, network } = context;
  const timeZone = network.network.config.timeZone;
  const [summary] = await subscriptionSummaries(context, [row]);
  if (!summary) throw new Error('a subscription without its summary');
  const renewals = await db
    .select()
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.subscriptionId, row.id))
    .orderBy(desc(subscriptionRenewals.period));
  const orderIds = [
    row.orderId,
    ...renewals.flatMap((renewal) => (renewal.orderId === null ? [] : [renewal.orderId])),
  ];
  const charges = await db
    .select()
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.createdAt));
  const chargesOf = (orderId: number | null) =>
    charges
      .filter((payment) => payment.orderId === orderId)
      .map((payment) => ({
        at: networkInstantText(payment.createdAt, timeZone),
        amount: payment.amount,
        currency: payment.currency,
        status: CHARGE_STATUS[payment.status],
        reason: payment.reason,
        methodLabel: null,
      }));
  const periodOf = (renewal: SubscriptionRenewalRow) => ({
    period: renewal.period,
    validity: renewal.validity,
    status: renewal.status,
    amount: renewal.amount,
    currency: renewal.currency,
    orderId: renewal.orderId,
    nextAttemptAt: renewal.nextAttemptAt ? networkInstantText(renewal.nextAttemptAt, timeZone) : null,
    charges: chargesOf(renewal.orderId),
  });
  const first = chargesOf(row.orderId);
  const bought = {
    period: 0,
    validity: validityOfPeriod(row, 0, timeZone),
    status: 'PAID' as const,
    amount: first.find((charge) => charge.status === 'SUCCEEDED')?.amount ?? 0,
    currency: row.currency,
    orderId: row.orderId,
    nextAttemptAt: null,
    charges: first,
  };
  const underWay = renewals.some(
    (renewal) => renewal.period === row.nextPeriod && renewal.status === 'CHARGING',
  );
  return {
    ...summary,
    periods: [...renewals.map(periodOf), bought],
    termination:
      row.status === 'TERMINATED'
        ? null
        : { endsOn: lastDayOf(row.paidValidity, timeZone), renewalUnderWay: underWay },
  };
}
