// Vouchers of each network (synced from tenants/<slug>/vouchers.json at start) and their uses: the
// count a redemption raises under the row's lock, and one row per redemption (decision 0017).
import { DISCOUNT_TYPES } from '@transit-shop/sdk/contract/order';
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

export const discountTypeEnum = pgEnum('discount_type', DISCOUNT_TYPES);

export const vouchers = pgTable(
  'vouchers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    networkId: integer('network_id').notNull(),
    /** Upper case, as looked up: codes are matched ignoring case. */
    code: text('code').notNull(),
    /** The name shown beside the discount, per language ({ fr, en, ... }). */
    label: jsonb('label').$type<Record<string, string>>().notNull(),
    type: discountTypeEnum('type').notNull(),
    /** Minor units (AMOUNT, ARTICLE_AMOUNT), basis points (RATIO, ARTICLE_RATIO) or units (GIFT). */
    value: integer('value').notNull(),
    /** The shop items it applies to; empty: every line. */
    shopItemIds: integer('shop_item_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The applicable lines must add up to this much for it to apply. */
    minimumAmount: integer('minimum_amount').notNull().default(0),
    /** Whether it may apply beside another voucher of the same cart. */
    combinable: boolean('combinable').notNull().default(true),
    /** Switched off by the operator, or gone from the tenant file. */
    active: boolean('active').notNull().default(true),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Uses allowed in all; null: no limit. */
    maxUses: integer('max_uses'),
    /** Uses allowed to one customer account; null: no limit. */
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** Redemptions so far; raised only by a conditional update that holds it within maxUses. */
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('vouchers_network_code_key').on(table.networkId, table.code)],
);

export type VoucherRow = typeof vouchers.$inferSelect;
export type NewVoucherRow = typeof vouchers.$inferInsert;

export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Chosen by the caller: a retry with the same key answers this redemption again. */
    redemptionKey: uuid('redemption_key').notNull(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** What it took off the cart it was redeemed on, in minor units. */
    amount: integer('amount').notNull(),
    /** The discount as answered, so that a retry answers it again unchanged. */
    discount: jsonb('discount').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('voucher_redemptions_key').on(table.redemptionKey),
    index('voucher_redemptions_voucher_user_idx').on(table.voucherId, table.userId),
  ],
);

export type VoucherRedemptionRow = typeof voucherRedemptions.$inferSelect;
