// A subscription's next period charged (decision 0043). Under the subscription's row lock, the
// period's renewal is found or made (unique per subscription and period), its order placed once
// (an ordinary order of the network: one line, the item as subscribed, the period's start) and a
// payment added for this try; then, after the commit, the saved method is charged off-session with
// that payment's id as the provider's idempotency key. Two processes, or a retried job, find the
// renewal CHARGING and its payment either sent (nothing to do) or not (the same payment charged
// again, which the provider answers once). The provider's notification settles it, or its status
// read when no notification came (charge-reads.ts): paid (the order completes as any other, its
// tickets issued), or refused (renewal-refusal.ts).
import { createHash } from 'node:crypto';
import { lastDayOf } from '@transit-shop/sdk/subscriptions/renewal-schedule';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { orders } from '../../../db/schema/orders.ts';
import {
  type PaymentRow,
  payments,
  type SavedPaymentMethodRow,
  savedPaymentMethods,
} from '../../../db/schema/payments.ts';
import {
  type SubscriptionRenewalRow,
  type SubscriptionRow,
  subscriptionRenewals,
  subscriptions,
} from '../../../db/schema/subscriptions.ts';
import { users } from '../../../db/schema/users.ts';
import { expiryOf } from '../../payment-methods/list-saved-payment-methods.ts';
import { type CheckoutDeps, notifyUrlOf } from '../checkout-deps.ts';
import { recordChargeSent } from '../payment-outcome/charge-reads.ts';
import { recordOrderEvent } from '../payment-outcome/finalise-order.ts';
import { writePlacedOrder } from '../placement/write-placed-order.ts';
import { type SubscriptionMail, sendSubscriptionMail } from './subscription-mail.ts';
import { blockSubscription, terminateSubscriptionRow } from './subscription-state.ts';
import { renewalAmountOf, renewedItemOf, scheduleOfPeriod, startOfPeriod } from './subscription-terms.ts';

/** Ours: while a charge is under way, the sweep looks at the subscription again this much later. */
export const CHARGE_WATCH_MS = 15 * 60_000;

type Charge = {
  payment: PaymentRow;
  method: SavedPaymentMethodRow;
  description: string;
};

type Prepared = { charge: Charge | null; mail: SubscriptionMail | null };

const NOTHING: Prepared = { charge: null, mail: null };

/** The renewal of a period, made when it was not announced (a notice too late to send, or none). */
export async function renewalOfPeriod(
  db: Database,
  options: { subscription: SubscriptionRow; network: LoadedNetwork; amount: number; now: Date },
): Promise<SubscriptionRenewalRow> {
  const { subscription, network, now } = options;
  const period = subscription.nextPeriod;
  const [existing] = await db
    .select()
    .from(subscriptionRenewals)
    .where(
      and(eq(subscriptionRenewals.subscriptionId, subscription.id), eq(subscriptionRenewals.period, period)),
    )
    .limit(1);
  if (existing) return existing;
  const schedule = scheduleOfPeriod({ subscription, period, network, now });
  const [made] = await db
    .insert(subscriptionRenewals)
    .values({
      subscriptionId: subscription.id,
      period,
      validity: schedule.validity,
      renewalDate: schedule.renewalDate,
      amount: options.amount,
      currency: subscription.currency,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!made) throw new Error('a renewal was not stored');
  return made;
}

/** The renewal's order key: the same for every try of a period, so a period is one order. */
function renewalOrderKey(subscriptionId: number, period: number): string {
  const hex = createHash('sha256').update(`subscription:${subscriptionId}:period:${period}`).digest('hex');
  // An RFC 4122 name-based shape (version 5 bits), as the orders' uuid column wants.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex[16] ?? '0', 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The period's order, placed at its first try: the article as subscribed, starting with the period. */
async function placeRenewalOrder(
  db: Database,
  options: {
    subscription: SubscriptionRow;
    renewal: SubscriptionRenewalRow;
    method: SavedPaymentMethodRow;
    network: LoadedNetwork;
    now: Date;
    provider: string;
  },
): Promise<{ orderId: number; payment: PaymentRow }> {
  const { subscription, renewal, method, network, now } = options;
  const [user] = await db.select().from(users).where(eq(users.id, subscription.userId)).limit(1);
  if (!user) throw new Error(`the account of subscription ${subscription.id} is gone`);
  const item = renewedItemOf(network, subscription);
  if (!item) throw new Error(`subscription ${subscription.id} renews an item no longer sold`);
  const start = startOfPeriod(subscription, renewal.period, network.network.config.timeZone);
  const written = await writePlacedOrder(db, {
    order: {
      networkId: subscription.networkId,
      userId: subscription.userId,
      orderKey: renewalOrderKey(subscription.id, renewal.period),
      requestHash: createHash('sha256').update(`renewal:${renewal.id}`).digest('hex'),
      currency: renewal.currency,
      subtotalAmount: renewal.amount,
      discountAmount: 0,
      totalAmount: renewal.amount,
      paymentMethod: method.kind,
      installments: 1,
      savedPaymentMethodId: method.id,
      saveMethod: false,
      lang: subscription.lang,
      buyer: {
        guest: false,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        customerNumber: user.customerNumber,
        invoiceEmail: user.contactEmail ?? user.email,
      },
      delivery: null,
      vouchers: [],
      discounts: [],
      returnPath: null,
      createdAt: now,
      updatedAt: now,
    },
    lines: [
      {
        position: 0,
        kind: 'ARTICLE',
        articleIndex: 0,
        shopItemId: subscription.shopItemId,
        productIds: subscription.productIds,
        label: subscription.label,
        support: subscription.support,
        customerId: subscription.customerId,
        mediaId: subscription.mediaId,
        // A month period names its month; the others their first instant.
        startMonth: start.startMonth,
        startingAt: start.startingAt === null ? null : new Date(start.startingAt),
        fields: subscription.fields,
        documents: subscription.documents,
        quantity: subscription.quantity,
        unitPrice: Math.round(renewal.amount / subscription.quantity),
        amount: renewal.amount,
        discountAmount: 0,
        totalAmount: renewal.amount,
        vatRateBasisPoints: item.vatRate ?? null,
        isSubscription: true,
      },
    ],
    events: [
      { type: 'PLACED', status: 'PENDING', at: now },
      { type: 'PAYMENT_STARTED', status: 'PENDING', at: now },
    ],
    payment: {
      instalmentNumber: 1,
      provider: options.provider,
      kind: 'CHARGE',
      method: method.kind,
      amount: renewal.amount,
      currency: renewal.currency,
      checkoutCheckAt: null,
      createdAt: now,
      updatedAt: now,
    },
  });
  if (!written?.payment) throw new Error(`the order of renewal ${renewal.id} was not placed`);
  return { orderId: written.order.id, payment: written.payment };
}

/** Another try on the period's order: a payment of its own (a refused one is final at the provider). */
async function addRenewalPayment(
  db: Database,
  options: {
    orderId: number;
    renewal: SubscriptionRenewalRow;
    method: SavedPaymentMethodRow;
    provider: string;
    now: Date;
  },
): Promise<PaymentRow> {
  const { renewal, method, now } = options;
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: options.orderId,
      provider: options.provider,
      kind: 'CHARGE',
      method: method.kind,
      amount: renewal.amount,
      currency: renewal.currency,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!payment) throw new Error('a renewal payment was not stored');
  await db
    .update(orders)
    .set({ paymentMethod: method.kind, savedPaymentMethodId: method.id, updatedAt: now })
    .where(eq(orders.id, options.orderId));
  await recordOrderEvent(db, options.orderId, 'PAYMENT_STARTED', 'PENDING', now);
  return payment;
}

const describe = (subscription: SubscriptionRow, renewal: SubscriptionRenewalRow, timeZone: string) =>
  `${subscription.label} ${renewal.renewalDate}/${lastDayOf(renewal.validity, timeZone)}`.slice(0, 200);

async function prepareRenewal(
  tx: Database,
  deps: CheckoutDeps,
  subscriptionId: number,
  now: Date,
): Promise<Prepared> {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    // Another process moving it now: left to it (its look moves the next one on).
    .for('update', { skipLocked: true })
    .limit(1);
  if (
    subscription?.status !== 'ACTIVE' ||
    subscription.nextBillingAt === null ||
    subscription.nextBillingAt.getTime() > now.getTime()
  )
    return NOTHING;
  // A network not served now keeps its subscriptions as they are until it is served again.
  const network = deps.networks.byId(subscription.networkId);
  if (!network) return NOTHING;
  const timeZone = network.network.config.timeZone;
  const watchAgain = () =>
    tx
      .update(subscriptions)
      .set({ nextBillingAt: new Date(now.getTime() + CHARGE_WATCH_MS), updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));

  const item = renewedItemOf(network, subscription);
  const [pending] = await tx
    .select()
    .from(subscriptionRenewals)
    .where(
      and(
        eq(subscriptionRenewals.subscriptionId, subscription.id),
        eq(subscriptionRenewals.period, subscription.nextPeriod),
      ),
    )
    .limit(1);
  if (!item && pending?.status !== 'CHARGING') {
    await terminateSubscriptionRow(tx, { subscription, reason: 'NO_LONGER_SOLD', now });
    return { charge: null, mail: { kind: 'NO_LONGER_SOLD', subscriptionId: subscription.id } };
  }
  const method = subscription.savedPaymentMethodId
    ? (
        await tx
          .select()
          .from(savedPaymentMethods)
          .where(eq(savedPaymentMethods.id, subscription.savedPaymentMethodId))
          .limit(1)
      )[0]
    : undefined;

  if (pending?.status === 'CHARGING') {
    // A try under way: charged again only when the provider never took it (same payment, same key).
    const [payment] = pending.orderId
      ? await tx
          .select()
          .from(payments)
          .where(eq(payments.orderId, pending.orderId))
          .orderBy(desc(payments.createdAt))
          .limit(1)
      : [];
    await watchAgain();
    if (payment && payment.status === 'OPEN' && payment.providerPaymentId === null && method)
      return {
        charge: { payment, method, description: describe(subscription, pending, timeZone) },
        mail: null,
      };
    return NOTHING;
  }
  if (pending && pending.status !== 'ANNOUNCED' && pending.status !== 'RETRYING') return NOTHING;

  if (!method || method.removedAt !== null) {
    await blockSubscription(tx, { subscription, reason: 'METHOD_MISSING', now });
    return { charge: null, mail: { kind: 'BLOCKED', subscriptionId: subscription.id } };
  }
  if (expiryOf(method, now, timeZone).expired) {
    // SUB-03: not replaced before it expired.
    await blockSubscription(tx, { subscription, reason: 'METHOD_EXPIRED', now });
    return { charge: null, mail: { kind: 'BLOCKED', subscriptionId: subscription.id } };
  }
  const renewal =
    pending ??
    (await renewalOfPeriod(tx, {
      subscription,
      network,
      amount: item ? renewalAmountOf(item, subscription) : 0,
      now,
    }));
  const provider = deps.payments.name;
  const placed =
    renewal.orderId === null
      ? await placeRenewalOrder(tx, { subscription, renewal, method, network, now, provider })
      : {
          orderId: renewal.orderId,
          payment: await addRenewalPayment(tx, { orderId: renewal.orderId, renewal, method, provider, now }),
        };
  await tx
    .update(subscriptionRenewals)
    .set({
      status: 'CHARGING',
      tries: renewal.tries + 1,
      orderId: placed.orderId,
      nextAttemptAt: null,
      updatedAt: now,
    })
    .where(eq(subscriptionRenewals.id, renewal.id));
  await watchAgain();
  return {
    charge: { payment: placed.payment, method, description: describe(subscription, renewal, timeZone) },
    mail: null,
  };
}

/**
 * Renews one subscription if its next charge is due: the try prepared under its lock, then the
 * charge sent. A provider that does not answer throws: the payment stays unsent, and the next
 * look (the sweep, or the job retried) charges it again under the same key.
 */
export async function chargeRenewal(deps: CheckoutDeps, subscriptionId: number): Promise<boolean> {
  const now = deps.clock.now();
  const prepared = await deps.db.transaction((tx) => prepareRenewal(tx, deps, subscriptionId, now));
  if (prepared.mail) await sendSubscriptionMail(deps, prepared.mail);
  const { charge } = prepared;
  if (!charge) return false;
  const result = await deps.payments.chargeSavedMethod({
    methodToken: charge.method.providerToken,
    merchantReference: charge.payment.id,
    amount: charge.payment.amount,
    currency: charge.payment.currency,
    description: charge.description,
    notifyUrl: notifyUrlOf(deps),
    purpose: 'subscription',
  });
  await recordChargeSent(deps.db, {
    paymentId: charge.payment.id,
    providerPaymentId: result.paymentId,
    now: deps.clock.now(),
  });
  return true;
}
