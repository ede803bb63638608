// Issues the invoice of an order inside the order's transaction (ORD-04): the network's next number,
// the document built from the order's data and kept with it. An order has one invoice: issuing it
// again answers the first without taking a number.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { buildInvoiceDocument, type InvoiceOrderData } from './build-invoice-document.ts';
import { type InvoiceDocument, invoiceDocumentSchema } from './invoice-document.ts';
import { allocateInvoiceNumber } from './invoice-numbering.ts';

export type IssuedInvoice = { number: string; sequence: number; document: InvoiceDocument };

export async function issueInvoice(
  tx: Database,
  options: {
    network: { id: number; invoicePrefix: string };
    /** The order's reference as the orders table names it. */
    orderReference: string;
    issuedAt: Date;
    order: Omit<InvoiceOrderData, 'number' | 'issuedAt'>;
  },
): Promise<IssuedInvoice> {
  const { network, orderReference } = options;
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.networkId, network.id), eq(invoices.orderReference, orderReference)));
  if (existing)
    return {
      number: existing.number,
      sequence: existing.sequence,
      document: invoiceDocumentSchema.parse(existing.document),
    };
  const { number, sequence } = await allocateInvoiceNumber(tx, network);
  const document = buildInvoiceDocument({ ...options.order, number, issuedAt: options.issuedAt });
  await tx.insert(invoices).values({
    networkId: network.id,
    number,
    sequence,
    orderReference,
    issuedAt: options.issuedAt,
    document,
  });
  return { number, sequence, document };
}
