// Orders of each network (decision 0019): one row per order key of a customer or guest session, its
// lines as sold (labels and prices snapshotted), and the events of its history.
import {
  ONLINE_PAYMENT_METHODS,
  ORDER_EVENT_TYPES,
  ORDER_PROCESS_STATUSES,
  ORDER_STATUSES,
} from '@transit-shop/sdk/contract/checkout';
import { ORIGIN_TYPES } from '@transit-shop/sdk/contract/enumerations';
import { ORDER_LINE_KINDS } from '@transit-shop/sdk/contract/order';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { users } from './users.ts';

// The database's enumerations are the sdk's lists (contract/checkout.ts, contract/order.ts, spec
// 02 §4): a value added there is a value the next migration adds here.
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const orderProcessStatusEnum = pgEnum('order_process_status', ORDER_PROCESS_STATUSES);
export const orderOriginTypeEnum = pgEnum('order_origin_type', ORIGIN_TYPES);
/** The methods paid with online (PAY-01); spec 02's DEPOSIT and CASH are not taken by the shop. */
export const paymentMethodEnum = pgEnum('payment_method', ONLINE_PAYMENT_METHODS);
export const orderLineKindEnum = pgEnum('order_line_kind', ORDER_LINE_KINDS);
export const orderEventTypeEnum = pgEnum('order_event_type', ORDER_EVENT_TYPES);

/** Who bought, as they were when the order was placed (an account may change or be erased later). */
export type BuyerSnapshot = {
  guest: boolean;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  customerNumber: string;
  /** Where the invoice goes: a guest's invoice email, else the contact or sign-in email. */
  invoiceEmail: string | null;
};

export type DeliverySnapshot =
  | {
      mode: 'SHIPPING';
      address: {
        fullname: string;
        addressRoute: string;
        addressPostalCode: string;
        addressCity: string;
        addressState: string;
      };
    }
  | { mode: 'COLLECT'; siteId: number; slotStart: string };

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    networkId: integer('network_id').notNull(),
    /** The customer, or the guest session's user. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Chosen by the client: the same key from the same customer is the same order. */
    orderKey: uuid('order_key').notNull(),
    /** SHA-256 of the cart the key was first sent with: the same key with another cart is refused. */
    requestHash: text('request_hash').notNull(),
    /**
     * The order's public reference (decision 0021): whoever holds it reads the order's outcome. The
     * bytes of two random UUIDs (244 random bits) in base64url, 43 characters, drawn by the database
     * for every order, including those placed before the column existed.
     */
    publicReference: text('public_reference')
      .notNull()
      .default(
        sql`translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_')`,
      ),
    /**
     * The reference of the order's tickets (decision 0030): a guest's confirmation email links them
     * by it. Drawn like the public reference, but a separate grant: the provider's return address,
     * which carries the public reference, does not open the tickets.
     */
    ticketsReference: text('tickets_reference')
      .notNull()
      .default(
        sql`translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_')`,
      ),
    /**
     * Who bought, for the repeat-order question (decision 0021): `customer:<user id>`, or for a guest
     * `guest:<SHA-256 of the invoice email, trimmed and lower-cased>`. Null before decision 0021.
     */
    buyerKey: text('buyer_key'),
    /** SHA-256 of the articles as the repeat-order question compares them (decision 0021). */
    linesKey: text('lines_key'),
    status: orderStatusEnum('status').notNull().default('PENDING'),
    processStatus: orderProcessStatusEnum('process_status').notNull().default('PROCESSING'),
    originType: orderOriginTypeEnum('origin_type').notNull().default('ESHOP'),
    currency: text('currency').notNull(),
    subtotalAmount: integer('subtotal_amount').notNull(),
    discountAmount: integer('discount_amount').notNull(),
    totalAmount: integer('total_amount').notNull(),
    /** Null when nothing was paid (a zero total). */
    paymentMethod: paymentMethodEnum('payment_method'),
    installments: integer('installments').notNull().default(1),
    /** The saved method charged instead of the hosted page. */
    savedPaymentMethodId: integer('saved_payment_method_id'),
    /** The buyer asked to keep the method (always so with instalments). */
    saveMethod: boolean('save_method').notNull().default(false),
    /** The language of the hosted page, the emails and the invoice. */
    lang: text('lang').notNull(),
    buyer: jsonb('buyer').$type<BuyerSnapshot>().notNull(),
    delivery: jsonb('delivery').$type<DeliverySnapshot>(),
    /** The voucher codes as sent, and the discounts as answered at placement. */
    vouchers: text('vouchers').array().notNull(),
    discounts: jsonb('discounts').notNull(),
    /** The shop's path the provider sends the browser back to. */
    returnPath: text('return_path'),
    invoiceNumber: text('invoice_number'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('orders_network_user_key').on(table.networkId, table.userId, table.orderKey),
    index('orders_user_network_created_idx').on(table.userId, table.networkId, table.createdAt),
    uniqueIndex('orders_public_reference_key').on(table.publicReference),
    uniqueIndex('orders_tickets_reference_key').on(table.ticketsReference),
    index('orders_repeat_idx').on(table.networkId, table.buyerKey, table.linesKey),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The line's place in the order, as verify answers the lines. */
    position: integer('position').notNull(),
    kind: orderLineKindEnum('kind').notNull(),
    articleIndex: integer('article_index'),
    shopItemId: integer('shop_item_id').notNull(),
    productIds: integer('product_ids').array().notNull(),
    /** The item's name in the order's language when it was sold. */
    label: text('label').notNull(),
    support: text('support'),
    customerId: integer('customer_id'),
    mediaId: integer('media_id'),
    startMonth: text('start_month'),
    startingAt: timestamp('starting_at', { withTimezone: true }),
    fields: jsonb('fields').$type<Record<string, string | number | boolean>>().notNull(),
    documents: integer('documents').array().notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
    discountAmount: integer('discount_amount').notNull(),
    totalAmount: integer('total_amount').notNull(),
    /** When the catalogue carries a VAT rate: basis points (2000 is 20 %). */
    vatRateBasisPoints: integer('vat_rate_basis_points'),
    /** Bought as a tacit subscription: its order's completion starts the subscription (decision 0043). */
    isSubscription: boolean('is_subscription').notNull().default(false),
  },
  (table) => [uniqueIndex('order_lines_order_position_key').on(table.orderId, table.position)],
);

export type OrderLineRow = typeof orderLines.$inferSelect;

export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: orderEventTypeEnum('type').notNull(),
    /** The order's status after the event. */
    status: orderStatusEnum('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
);

export type OrderEventRow = typeof orderEvents.$inferSelect;
