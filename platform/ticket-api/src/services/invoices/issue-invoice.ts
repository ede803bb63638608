// Issues the invoice of an order inside the order's transaction (ORD-04): the network's next number,
// the document built from the order's data and kept with it. An order has one invoice: issuing it
// again answers the first without taking a number. One statement raises the network's counter and
// keeps the invoice, so the counter's row (locked until the order's transaction ends, decision 0020)
// waits for no other round trip of this one; the same statement writes the number on the order.
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import { buildInvoiceDocument, type InvoiceOrderData } from './build-invoice-document.ts';
import { type InvoiceDocument, invoiceDocumentSchema } from './invoice-document.ts';
import { INVOICE_SEQUENCE_DIGITS } from './invoice-numbering.ts';

export type IssuedInvoice = { number: string; sequence: number; document: InvoiceDocument };

/** Stands for the number in the document until the statement knows it. */
const NUMBER_TO_COME = '-';

export async function issueInvoice(
  tx: Database,
  options: {
    network: { id: number; invoicePrefix: string };
    /** The order's reference as the orders table names it. */
    orderReference: string;
    /** The order whose invoice_number takes the number, in the same statement. */
    orderId?: number;
    issuedAt: Date;
    order: Omit<InvoiceOrderData, 'number' | 'issuedAt'>;
  },
): Promise<IssuedInvoice> {
  const { network, orderReference, issuedAt } = options;
  const document = buildInvoiceDocument({ ...options.order, number: NUMBER_TO_COME, issuedAt });
  // The number (invoice-numbering.ts): `<prefix>-<sequence on 6 digits or more>`.
  const [row] = await queryRows<{ number: string; sequence: number; document: unknown; issued: boolean }>(
    tx,
    sql`
      with existing as (
        select number, sequence, document from invoices
        where network_id = ${network.id} and order_reference = ${orderReference}
      ),
      counter as (
        insert into invoice_counters (network_id, last_sequence)
        select ${network.id}, 1 where not exists (select 1 from existing)
        on conflict (network_id) do update set last_sequence = invoice_counters.last_sequence + 1
        returning last_sequence as sequence
      ),
      numbered as (
        select sequence,
          ${network.invoicePrefix} || '-' ||
            lpad(sequence::text, greatest(${INVOICE_SEQUENCE_DIGITS}, length(sequence::text)), '0') as number
        from counter
      ),
      issued as (
        insert into invoices (network_id, number, sequence, order_reference, issued_at, document)
        select ${network.id}, number, sequence, ${orderReference}, ${issuedAt.toISOString()}::timestamptz,
          jsonb_set(${JSON.stringify(document)}::jsonb, '{number}', to_jsonb(number))
        from numbered
        returning number, sequence
      )${
        options.orderId === undefined
          ? sql``
          : sql`,
      numbered_order as (
        update orders set invoice_number = issued.number from issued where orders.id = ${options.orderId}
      )`
      }
      select number, sequence, null::jsonb as document, true as issued from issued
      union all
      select number, sequence, document, false as issued from existing`,
  );
  if (!row) throw new Error(`no invoice issued for order ${orderReference} of network ${network.id}`);
  const sequence = Number(row.sequence);
  if (!row.issued)
    return { number: row.number, sequence, document: invoiceDocumentSchema.parse(row.document) };
  return { number: row.number, sequence, document: { ...document, number: row.number } };
}
