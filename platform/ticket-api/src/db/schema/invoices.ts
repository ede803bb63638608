// Invoices: one counter per network raised inside the order's transaction, so numbers are gapless
// and never shared, and every issued invoice kept as the document it was drawn from (decision 0020).
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const invoiceCounters = pgTable('invoice_counters', {
  networkId: integer('network_id').primaryKey(),
  /** The sequence of the last invoice issued; the row stays locked until the order's transaction ends. */
  lastSequence: integer('last_sequence').notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    networkId: integer('network_id').notNull(),
    /** As printed: `<prefix>-<sequence on 6 digits>`. */
    number: text('number').notNull(),
    sequence: integer('sequence').notNull(),
    /** The order it was issued for, as the orders table names it (no foreign key: one invoice per order). */
    orderReference: text('order_reference').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The invoice document (invoiceDocumentSchema), from which the PDF is drawn again when asked. */
    document: jsonb('document').notNull(),
  },
  (table) => [
    uniqueIndex('invoices_network_sequence_key').on(table.networkId, table.sequence),
    uniqueIndex('invoices_network_number_key').on(table.networkId, table.number),
    uniqueIndex('invoices_network_order_key').on(table.networkId, table.orderReference),
    index('invoices_network_issued_idx').on(table.networkId, table.issuedAt),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
