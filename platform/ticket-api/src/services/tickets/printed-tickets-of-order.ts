// The printed tickets of an order's dematerialised contracts, one PDF each in the order's language
// with its signed printed code: what a guest's confirmation email attaches.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type OrderRow, orderLines } from '../../db/schema/orders.ts';
import { tickets } from '../../db/schema/tickets.ts';
import { contractFactsOf } from './documents/contract-facts-of.ts';
import { renderTicketPdfOffThread } from './documents/document-pdf-thread.ts';
import type { TicketSigner } from './ticket-signer.ts';
import { ticketClaimsOf } from './wallet-answer.ts';

export async function printedTicketsOfOrder(options: {
  db: Database;
  network: LoadedNetwork;
  order: Pick<OrderRow, 'id' | 'lang' | 'currency' | 'invoiceNumber' | 'buyer'>;
  signPrintedTicket: TicketSigner['sign'];
  now: Date;
}): Promise<Uint8Array[]> {
  const { db, network, order } = options;
  const rows = await db
    .select({ ticket: tickets, line: orderLines })
    .from(tickets)
    .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
    .where(and(eq(tickets.orderId, order.id), ne(tickets.status, 'CANCELED')))
    .orderBy(asc(orderLines.position), asc(tickets.id));
  const pdfs: Uint8Array[] = [];
  for (const { ticket, line } of rows) {
    if (ticket.delivery !== 'WALLET') continue;
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
    pdfs.push(await renderTicketPdfOffThread({ facts, network }));
  }
  return pdfs;
}
