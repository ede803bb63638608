// Payments at the provider (decision 0019): one row per hosted checkout or saved-method charge, the
// provider's events keyed by their id (a repeated notification inserts nothing), the instalment plan
// of an order, and the methods customers saved.
import {
  INSTALMENT_STATUSES,
  PAYMENT_STATUSES,
  SAVED_METHOD_KINDS,
} from '@transit-shop/sdk/contract/checkout';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { orders, paymentMethodEnum } from './orders.ts';
import { users } from './users.ts';

export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
/** A hosted page the buyer pays on, or a charge of a saved method without the buyer (the server's own). */
export const paymentKindEnum = pgEnum('payment_kind', ['CHECKOUT', 'CHARGE']);
export const instalmentStatusEnum = pgEnum('instalment_status', INSTALMENT_STATUSES);
export const savedMethodKindEnum = pgEnum('saved_method_kind', SAVED_METHOD_KINDS);

export const payments = pgTable(
  'payments',
  {
    /** Our reference at the provider (merchantReference) and the checkout's idempotency key. */
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The instalment it pays: 1 for the first payment of the order. */
    instalmentNumber: integer('instalment_number').notNull().default(1),
    provider: text('provider').notNull(),
    kind: paymentKindEnum('kind').notNull(),
    method: paymentMethodEnum('method').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: paymentStatusEnum('status').notNull().default('OPEN'),
    providerCheckoutId: text('provider_checkout_id'),
    providerPaymentId: text('provider_payment_id'),
    /** The hosted page the browser is sent to. */
    redirectUrl: text('redirect_url'),
    /** Why the provider refused or cancelled it. */
    reason: text('reason'),
    /** The sequence of the last event applied: an older one arriving late is ignored. */
    lastEventSequence: integer('last_event_sequence').notNull().default(0),
    /**
     * When the minute's sweep reads the payment at the provider: a checkout in case its page was
     * abandoned (a minute after the page's expiry, or a checkout's lifetime after a placement the
     * provider never started), a charge of a saved method in case its notification never comes
     * (charge-reads.ts); null once the payment has an outcome or was read.
     */
    checkoutCheckAt: timestamp('checkout_check_at', { withTimezone: true }),
    /**
     * When the checkout was last read at the provider for Order/outcome.json: at most one read per
     * payment every OUTCOME_PROVIDER_READ_MS, however many tabs or callers ask (decision 0021).
     */
    providerReadAt: timestamp('provider_read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId),
    index('payments_checkout_check_idx')
      .on(table.checkoutCheckAt)
      .where(sql`${table.checkoutCheckAt} is not null`),
    uniqueIndex('payments_provider_checkout_key')
      .on(table.provider, table.providerCheckoutId)
      .where(sql`${table.providerCheckoutId} is not null`),
    uniqueIndex('payments_provider_payment_key')
      .on(table.provider, table.providerPaymentId)
      .where(sql`${table.providerPaymentId} is not null`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/** What in a word of the provider differs from the payment it names (decision 0022). */
export type PaymentMismatchField = 'amount' | 'currency' | 'checkoutId' | 'providerPaymentId';

/** Kept with an event that was not applied because it does not describe its payment. */
export type PaymentMismatch = {
  fields: PaymentMismatchField[];
  expected: { amount: number; currency: string; checkoutId: string | null; providerPaymentId: string | null };
  received: {
    amount: number | null;
    currency: string | null;
    checkoutId: string | null;
    providerPaymentId: string | null;
  };
  /** Another of our payments that holds the checkout or provider payment received. */
  heldBy: string | null;
};

export const paymentEvents = pgTable(
  'payment_events',
  {
    /** The provider's event id (evt_…), or ack:<checkout>:<status>:<amount>:<currency> for a status read. */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    sequence: integer('sequence'),
    /** False when it arrived after a newer event of its payment, changed nothing, or did not match it. */
    applied: boolean('applied').notNull(),
    /** Set when its amount, currency or provider ids are not its payment's: then nothing was applied. */
    mismatch: jsonb('mismatch').$type<PaymentMismatch>(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('payment_events_payment_idx').on(table.paymentId)],
);

export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    networkId: integer('network_id').notNull(),
    provider: text('provider').notNull(),
    /** The provider's token (pm_…): never card data. */
    providerToken: text('provider_token').notNull(),
    kind: savedMethodKindEnum('kind').notNull(),
    brand: text('brand'),
    /** The card's last four digits, or the IBAN's. */
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    holder: text('holder').notNull(),
    bookmarked: boolean('bookmarked').notNull().default(false),
    /** Removed by the customer; kept for the instalments that still refer to it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('saved_payment_methods_provider_token_key').on(table.provider, table.providerToken),
    index('saved_payment_methods_user_network_idx').on(table.userId, table.networkId),
  ],
);

export type SavedPaymentMethodRow = typeof savedPaymentMethods.$inferSelect;

export const instalments = pgTable(
  'instalments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** In the network's time zone (PAY-02). */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    status: instalmentStatusEnum('status').notNull().default('SCHEDULED'),
    /** The method later instalments are charged to. */
    savedPaymentMethodId: integer('saved_payment_method_id').references(() => savedPaymentMethods.id),
    /** The payment that pays (or tried to pay) it. */
    paymentId: uuid('payment_id').references(() => payments.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('instalments_order_number_key').on(table.orderId, table.number),
    index('instalments_due_idx').on(table.dueDate).where(sql`${table.status} = 'SCHEDULED'`),
  ],
);

export type InstalmentRow = typeof instalments.$inferSelect;
