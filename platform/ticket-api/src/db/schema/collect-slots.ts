// Click-and-collect pick-up slots: one counter row per slot holding how many orders took it, raised
// only by a conditional upsert that keeps it within the site's capacity, and one row per order's
// reservation so that a retried order takes its slot once (decision 0020).
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const collectSlotCounters = pgTable(
  'collect_slot_counters',
  {
    networkId: integer('network_id').notNull(),
    siteId: integer('site_id').notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    /** Orders holding the slot; never above the site's capacity per slot. */
    reserved: integer('reserved').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.networkId, table.siteId, table.slotStart] })],
);

export const collectSlotReservations = pgTable(
  'collect_slot_reservations',
  {
    /** The order's idempotency key: a repeated reservation with it answers the first one. */
    orderKey: text('order_key').primaryKey(),
    networkId: integer('network_id').notNull(),
    siteId: integer('site_id').notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('collect_slot_reservations_slot_idx').on(table.networkId, table.siteId, table.slotStart)],
);

export type CollectSlotReservationRow = typeof collectSlotReservations.$inferSelect;
