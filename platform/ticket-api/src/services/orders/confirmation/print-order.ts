// Order/printOrder.json (ORD-04): the invoice of one of the caller's orders as a PDF, drawn again from
// the document kept when the order was completed, so it prints the same every time. An order not
// completed yet (or with nothing paid) has no invoice.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { invoices } from '../../../db/schema/invoices.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import { invoiceDocumentSchema } from '../../invoices/invoice-document.ts';
import { renderInvoicePdfOffThread } from '../../invoices/invoice-pdf-thread.ts';
import { findOwnOrder } from '../order-queries.ts';

export async function printOrder(options: {
  db: Database;
  network: LoadedNetwork;
  user: UserRow;
  orderId: number;
}): Promise<{ fileName: string; contentType: 'application/pdf'; contentBase64: string }> {
  const { db, network } = options;
  const order = await findOwnOrder(db, network, options.user, options.orderId);
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.networkId, network.network.config.id), eq(invoices.orderReference, String(order.id))),
    )
    .limit(1);
  if (!invoice) throw new AppError('INVOICE_NOT_AVAILABLE');
  const pdf = await renderInvoicePdfOffThread(invoiceDocumentSchema.parse(invoice.document));
  return {
    fileName: `${invoice.number}.pdf`,
    contentType: 'application/pdf',
    contentBase64: Buffer.from(pdf).toString('base64'),
  };
}
