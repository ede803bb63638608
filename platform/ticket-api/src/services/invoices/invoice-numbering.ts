// Invoice numbers: gapless and never shared within a network (decision 0020). The network's counter
// row is raised inside the order's transaction and stays locked until it ends, so concurrent
// orders take the next numbers one after the other, and an order that rolls back gives its
// number back with the rest of its work.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { invoiceCounters } from '../../db/schema/invoices.ts';

/** Digits of the sequence in an invoice number; a longer sequence keeps all its digits. */
export const INVOICE_SEQUENCE_DIGITS = 6;

export const formatInvoiceNumber = (prefix: string, sequence: number) =>
  `${prefix}-${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, '0')}`;

/** The next number of the network; call it inside the transaction that issues the invoice. */
export async function allocateInvoiceNumber(
  tx: Database,
  network: { id: number; invoicePrefix: string },
): Promise<{ number: string; sequence: number }> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ networkId: network.id, lastSequence: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.networkId,
      set: { lastSequence: sql`${invoiceCounters.lastSequence} + 1` },
    })
    .returning({ sequence: invoiceCounters.lastSequence });
  if (!counter) throw new Error(`no invoice counter for network ${network.id}`);
  return { number: formatInvoiceNumber(network.invoicePrefix, counter.sequence), sequence: counter.sequence };
}
