// Tacit subscriptions (decision 0043): one row per subscription bought, made when its first order
// completes, and one row per period renewed, unique per subscription and period, so that however
// many processes run the renewal job a period is ordered and charged once. A renewal's order is an
// ordinary order of the network (its payment, invoice, tickets and email); its tries are the
// payments of that order.

import type { ValidityPeriod } from '@transit-shop/sdk/catalogue/validity-period';
import type { PivotType } from '@transit-shop/sdk/contract/catalogue';
import {
  CARD_SETUP_STATUSES,
  RENEWAL_STATUSES,
  SUBSCRIPTION_STATUSES,
} from '@transit-shop/sdk/contract/subscriptions';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { savedPaymentMethods } from './payments.ts';
import { users } from './users.ts';

export const subscriptionStatusEnum = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const renewalStatusEnum = pgEnum('subscription_renewal_status', RENEWAL_STATUSES);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    networkId: integer('network_id').notNull(),
    /** The account that pays. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The order that bought the first period. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The article as bought: what each renewal orders again. */
    shopItemId: integer('shop_item_id').notNull(),
    productIds: integer('product_ids').array().notNull(),
    label: text('label').notNull(),
    support: text('support').notNull(),
    customerId: integer('customer_id'),
    mediaId: integer('media_id'),
    fields: jsonb('fields').$type<Record<string, string | number | boolean>>().notNull(),
    documents: integer('documents').array().notNull(),
    quantity: integer('quantity').notNull(),
    /** The first period's start, as its article carried it. */
    startMonth: text('start_month'),
    startingAt: timestamp('starting_at', { withTimezone: true }),
    /** The item's validity when subscribed: its periods follow it even if the catalogue changes. */
    pivotType: text('pivot_type').$type<PivotType>().notNull(),
    pivotValue: integer('pivot_value').notNull(),
    /** SUB-04: P7D, P14D, P1M, P6M or P1Y. */
    renewalInterval: text('renewal_interval').notNull(),
    currency: text('currency').notNull(),
    /** The language of its emails. */
    lang: text('lang').notNull(),
    status: subscriptionStatusEnum('status').notNull().default('ACTIVE'),
    blockedReason: text('blocked_reason'),
    /** The method each renewal is charged to; null once removed (then it is blocked). */
    savedPaymentMethodId: integer('saved_payment_method_id').references(() => savedPaymentMethods.id),
    /** The index of the next period to charge: 1 once the first is bought. */
    nextPeriod: integer('next_period').notNull().default(1),
    /** The last period paid. */
    paidValidity: jsonb('paid_validity').$type<ValidityPeriod>().notNull(),
    /** When the next period is tried (its first charge or a retry); null when nothing is to be charged. */
    nextBillingAt: timestamp('next_billing_at', { withTimezone: true }),
    /** When the next period's notice goes; null once it went or nothing is to be renewed. */
    noticeAt: timestamp('notice_at', { withTimezone: true }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    terminationReason: text('termination_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('subscriptions_order_key').on(table.orderId),
    index('subscriptions_user_network_idx').on(table.userId, table.networkId),
    index('subscriptions_billing_idx')
      .on(table.nextBillingAt)
      .where(sql`${table.status} = 'ACTIVE' and ${table.nextBillingAt} is not null`),
    index('subscriptions_notice_idx')
      .on(table.noticeAt)
      .where(sql`${table.status} <> 'TERMINATED' and ${table.noticeAt} is not null`),
    index('subscriptions_method_idx').on(table.savedPaymentMethodId),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** 1 for the first renewal (0 is the period bought with the subscription). */
    period: integer('period').notNull(),
    validity: jsonb('validity').$type<ValidityPeriod>().notNull(),
    /** The first day of the period, on the network's calendar. */
    renewalDate: date('renewal_date', { mode: 'string' }).notNull(),
    /** Fixed when the notice announces it: a later price change waits for the next period. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: renewalStatusEnum('status').notNull().default('ANNOUNCED'),
    /** The order of the period, placed at its first charge. */
    orderId: integer('order_id').references(() => orders.id),
    /** Charges tried for the period. */
    tries: integer('tries').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The provider's reason for the last refusal. */
    lastReason: text('last_reason'),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    /** SHA-256 of the notice's termination link token: single use, valid until the period starts. */
    terminationTokenHash: text('termination_token_hash'),
    terminationTokenExpiresAt: timestamp('termination_token_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('subscription_renewals_period_key').on(table.subscriptionId, table.period),
    uniqueIndex('subscription_renewals_order_key').on(table.orderId).where(sql`${table.orderId} is not null`),
    uniqueIndex('subscription_renewals_token_key')
      .on(table.terminationTokenHash)
      .where(sql`${table.terminationTokenHash} is not null`),
  ],
);

export type SubscriptionRenewalRow = typeof subscriptionRenewals.$inferSelect;

export const cardSetupStatusEnum = pgEnum('subscription_card_setup_status', CARD_SETUP_STATUSES);

/**
 * A new card for a subscription typed on the provider's page (Subscriptions/newCard): nothing is
 * charged; its notification saves the card and the subscription renews on it from then on. Its id,
 * prefixed, is the provider's merchantReference and the checkout's idempotency key.
 */
export const subscriptionCardSetups = pgTable(
  'subscription_card_setups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerCheckoutId: text('provider_checkout_id'),
    status: cardSetupStatusEnum('status').notNull().default('OPEN'),
    /** The card the provider saved, once it did. */
    savedPaymentMethodId: integer('saved_payment_method_id').references(() => savedPaymentMethods.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('subscription_card_setups_subscription_idx').on(table.subscriptionId)],
);

export type SubscriptionCardSetupRow = typeof subscriptionCardSetups.$inferSelect;
