// The printed tickets of a guest order (printed-copy.ts), one PDF each in the order's language with
// its signed printed code, with the position of the line that sold it: what the confirmation email
// attaches.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type OrderRow, orderLines } from '../../db/schema/orders.ts';
import { tickets } from '../../db/schema/tickets.ts';
import { contractFactsOf } from './documents/contract-facts-of.ts';
import { renderTicketPdfOffThread } from './documents/document-pdf-thread.ts';
import { hasPrintedCopy } from './printed-copy.ts';
import type { TicketSigner } from './ticket-signer.ts';
import { ticketClaimsOf } from './wallet-answer.ts';

export type PrintedTicket = { readonly position: number; readonly pdf: Uint8Array };

export async function printedTicketsOfOrder(options: {
  db: Database;
  network: LoadedNetwork;
  order: Pick<OrderRow, 'id' | 'lang' | 'currency' | 'invoiceNumber' | 'buyer'>;
  signPrintedTicket: TicketSigner['sign'];
  now: Date;
}): Promise<PrintedTicket[]> {
  const { db, network, order } = options;
  const rows = await db
    .select({ ticket: tickets, line: orderLines })
    .from(tickets)
    .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
    // Every contract of the line, cancelled ones too: they share its total as the attestation does.
    .where(eq(tickets.orderId, order.id))
    .orderBy(asc(orderLines.position), asc(tickets.id));
  const printed: PrintedTicket[] = [];
  for (const { ticket, line } of rows) {
    if (!hasPrintedCopy(network, ticket, order.buyer)) continue;
    const printedCode = await options.signPrintedTicket(
      ticket.networkId,
      ticketClaimsOf(ticket, options.now, true),
    );
    const facts = contractFactsOf({
      ticket,
      lineContracts: rows.filter((row) => row.line.id === line.id).map((row) => row.ticket),
      line,
      order,
      network,
      printedCode,
    });
    printed.push({ position: line.position, pdf: await renderTicketPdfOffThread({ facts, network }) });
  }
  return printed;
}
