// The confirmation email of a completed order with its invoice attached (CHK-07: a guest's invoice
// goes to the invoice email), asked for once the order's transaction has committed. Where jobs run,
// only the send-order-confirmation job is queued (one per order): the invoice PDF is rendered and
// the email sent by the job, after the payment notification is answered, and retried with it.
// Where none run, it is rendered and sent at once. A failure to ask is logged: the order is
// completed whatever becomes of its email. The email says where each line's tickets are; a guest's
// carries the link to them and each printed ticket (a pass; printed-copy.ts) as a PDF with its
// code, signed by the network's ticket signer.
import { and, eq, sql } from 'drizzle-orm';
import { invoices } from '../../../db/schema/invoices.ts';
import { orders } from '../../../db/schema/orders.ts';
import { builtOnce } from '../../../hot-path/built-once.ts';
import type { MailMessage } from '../../../mail/mail-message.ts';
import type { AppDeps } from '../../app-deps.ts';
import { invoiceDocumentSchema } from '../../invoices/invoice-document.ts';
import { renderInvoicePdfOffThread } from '../../invoices/invoice-pdf-thread.ts';
import { ticketsOfOrder } from '../../tickets/order-tickets.ts';
import { printedTicketsOfOrder } from '../../tickets/printed-tickets-of-order.ts';
import { orderConfirmationEmail } from './order-confirmation-email.ts';

export type ConfirmationDeps = Pick<
  AppDeps,
  'db' | 'networks' | 'mailer' | 'jobs' | 'logger' | 'clock' | 'shopPort' | 'ticketSigner' | 'cards'
>;
type MessageDeps = Pick<
  ConfirmationDeps,
  'db' | 'networks' | 'clock' | 'shopPort' | 'ticketSigner' | 'cards'
>;

/** The key of an order's confirmation job: at most one queued per order. */
export const confirmationJobKey = (orderId: number) => `order-confirmation:${orderId}`;

/** An order and its invoice in one query: an order with nothing to pay has no invoice to send. */
const orderWithInvoice = builtOnce('order-with-invoice', (db) =>
  db
    .select({ order: orders, invoice: invoices })
    .from(orders)
    .leftJoin(
      invoices,
      and(eq(invoices.networkId, orders.networkId), eq(invoices.orderReference, sql`${orders.id}::text`)),
    )
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1),
);

/** The confirmation email of an order with its invoice PDF; null when there is none to send. */
async function confirmationMessage(deps: MessageDeps, orderId: number): Promise<MailMessage | null> {
  const [found] = await orderWithInvoice(deps.db, { orderId });
  const order = found?.order;
  const invoice = found?.invoice;
  const network = order ? deps.networks.settlingById(order.networkId) : undefined;
  const to = order?.buyer.invoiceEmail ?? order?.buyer.email ?? null;
  if (!order || !network || !to || !invoice) return null;
  const document = invoiceDocumentSchema.parse(invoice.document);
  const guest = order.buyer.guest;
  return orderConfirmationEmail({
    network,
    to,
    firstName: order.buyer.firstName,
    orderNumber: String(order.id),
    invoice: document,
    invoicePdf: await renderInvoicePdfOffThread(document),
    tickets: await ticketsOfOrder(deps.db, network, order, deps.cards),
    guestTickets: guest
      ? {
          reference: order.ticketsReference,
          printed: await printedTicketsOfOrder({
            db: deps.db,
            network,
            order,
            signPrintedTicket: (networkId, claims) => deps.ticketSigner.sign(networkId, claims),
            now: deps.clock.now(),
          }),
        }
      : null,
    shopPort: deps.shopPort,
  });
}

/**
 * Renders and sends an order's confirmation now (the send-order-confirmation job, or a process
 * without jobs); throws when it cannot, so that the job is tried again.
 */
export async function deliverOrderConfirmation(
  deps: MessageDeps & Pick<ConfirmationDeps, 'mailer'>,
  orderId: number,
): Promise<void> {
  const message = await confirmationMessage(deps, orderId);
  if (message) await deps.mailer.sendMail(message);
}

export async function sendOrderConfirmation(deps: ConfirmationDeps, orderId: number): Promise<void> {
  try {
    if (deps.jobs) {
      await deps.jobs.send(
        'send-order-confirmation',
        { orderId },
        { singletonKey: confirmationJobKey(orderId) },
      );
    } else {
      await deliverOrderConfirmation(deps, orderId);
    }
  } catch (error) {
    deps.logger.error({ err: error, orderId }, 'the confirmation of an order could not be sent');
  }
}
