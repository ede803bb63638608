// The confirmation email of a completed order with its invoice attached (CHK-07: a guest's invoice
// goes to the invoice email), sent once the order's transaction has committed: through the
// send-mail job where jobs run (retried, one per order), else straight to the mailer. A failure is
// logged: the order is completed whatever becomes of its email.
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-env.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { orders } from '../../db/schema/orders.ts';
import { orderConfirmationEmail } from '../../mail/templates/order-confirmation-email.ts';
import { invoiceDocumentSchema } from '../invoices/invoice-document.ts';
import { renderInvoicePdf } from '../invoices/render-invoice-pdf.ts';

export type ConfirmationDeps = Pick<AppDeps, 'db' | 'networks' | 'mailer' | 'jobs' | 'logger'>;

export async function sendOrderConfirmation(deps: ConfirmationDeps, orderId: number): Promise<void> {
  try {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    const network = order ? deps.networks.byId(order.networkId) : undefined;
    const to = order?.buyer.invoiceEmail ?? order?.buyer.email ?? null;
    if (!order || !network || !to) return;
    const [invoice] = await deps.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.networkId, order.networkId), eq(invoices.orderReference, String(order.id))))
      .limit(1);
    // An order with nothing to pay has no invoice to send.
    if (!invoice) return;
    const document = invoiceDocumentSchema.parse(invoice.document);
    const message = orderConfirmationEmail({
      network,
      to,
      firstName: order.buyer.firstName,
      orderNumber: String(order.id),
      invoice: document,
      invoicePdf: await renderInvoicePdf(document),
    });
    if (deps.jobs) {
      await deps.jobs.send('send-mail', message, { singletonKey: `order-confirmation:${order.id}` });
    } else {
      await deps.mailer.sendMail(message);
    }
  } catch (error) {
    deps.logger.error({ err: error, orderId }, 'the confirmation of an order could not be sent');
  }
}
