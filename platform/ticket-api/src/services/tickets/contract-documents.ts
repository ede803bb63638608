// Wallet/contractAttestation and Vignette/sticker (decision 0030): a contract's facts, read from
// its row, its order line and its order, with its printed code, handed to the documents' renderers.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';
import { type TicketRow, tickets } from '../../db/schema/tickets.ts';
import type { ContractFacts } from './documents/contract-facts.ts';
import { contractFactsOf } from './documents/contract-facts-of.ts';
import { renderAttestationPdfOffThread } from './documents/document-pdf-thread.ts';
import { renderTicketFaceSvg } from './documents/ticket-face-svg.ts';
import { hasPrintedCopy, isGuestOrder } from './printed-copy.ts';
import type { TicketSigner } from './ticket-signer.ts';
import { ticketClaimsOf } from './wallet-answer.ts';

async function contractFacts(options: {
  db: Database;
  network: LoadedNetwork;
  signer: TicketSigner;
  ticket: TicketRow;
  lang: Locale | undefined;
  now: Date;
}): Promise<ContractFacts> {
  const { db, network, ticket, now } = options;
  const [found] = await db
    .select({ order: orders, line: orderLines })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.id, ticket.orderLineId))
    .where(eq(orders.id, ticket.orderId));
  if (!found) throw new AppError('TICKET_NOT_FOUND');
  const lineContracts = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.orderLineId, ticket.orderLineId))
    .orderBy(asc(tickets.id));
  return contractFactsOf({
    ticket,
    lineContracts,
    line: found.line,
    order: found.order,
    network,
    printedCode: await options.signer.sign(ticket.networkId, ticketClaimsOf(ticket, now, true)),
    lang: options.lang,
  });
}

type FileAnswer = { fileName: string; contentType: string; contentBase64: string };

/** The attestation of a contract the caller reaches. */
export async function contractAttestation(options: {
  db: Database;
  network: LoadedNetwork;
  signer: TicketSigner;
  reach: SQL;
  ticketId: number;
  lang: Locale | undefined;
  now: Date;
}): Promise<FileAnswer> {
  const { db, reach, ticketId } = options;
  const [ticket] = await db
    .select()
    .from(tickets)
    .where(and(reach, eq(tickets.id, ticketId)))
    .limit(1);
  if (!ticket) throw new AppError('TICKET_NOT_FOUND');
  const facts = await contractFacts({ ...options, ticket });
  const pdf = await renderAttestationPdfOffThread({ facts, network: options.network, now: options.now });
  return {
    fileName: `attestation-${ticket.publicId}.pdf`,
    contentType: 'application/pdf',
    contentBase64: Buffer.from(pdf).toString('base64'),
  };
}

/**
 * The ticket face of a printed copy (printed-copy.ts) by its public id: the code drawn is the one
 * the guest's email printed, so the sticker gives nothing its holder does not have. Any other
 * contract, a phone's or a card's, is not found: its id is in every code shown at a gate.
 */
export async function contractSticker(options: {
  db: Database;
  network: LoadedNetwork;
  signer: TicketSigner;
  stickerId: string;
  lang: Locale | undefined;
  now: Date;
}): Promise<FileAnswer> {
  const { db, network, stickerId } = options;
  const [found] = await db
    .select({ ticket: tickets, guest: isGuestOrder })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.publicId, stickerId), eq(tickets.networkId, network.network.config.id)))
    .limit(1);
  if (!found || !hasPrintedCopy(network, found.ticket, { guest: found.guest }))
    throw new AppError('TICKET_NOT_FOUND');
  const facts = await contractFacts({ ...options, ticket: found.ticket });
  const svg = renderTicketFaceSvg({ facts, network });
  return {
    fileName: `ticket-${found.ticket.publicId}.svg`,
    contentType: 'image/svg+xml',
    contentBase64: Buffer.from(svg, 'utf8').toString('base64'),
  };
}
