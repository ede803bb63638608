// Wallet/contractAttestation and Vignette/sticker (decision 0030): a contract's facts, read from
// its row, its order line and its order, with its printed code, handed to the documents' renderers.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';
import { type TicketRow, tickets } from '../../db/schema/tickets.ts';
import { renderAttestationPdf } from './documents/attestation-pdf.ts';
import type { ContractFacts } from './documents/contract-facts.ts';
import { renderTicketFaceSvg } from './documents/ticket-face-svg.ts';
import type { TicketSigner } from './ticket-signer.ts';
import { fareNameOf, ticketClaimsOf } from './wallet-answer.ts';

/**
 * This contract's share of its line's total: the total divided among the line's contracts, the
 * remainder to the first, so that the shares add up to the total exactly.
 */
export function shareOfLine(total: number, contractIds: readonly number[], contractId: number): number {
  const count = Math.max(contractIds.length, 1);
  const share = Math.floor(total / count);
  const first = Math.min(...contractIds);
  return contractId === first ? total - share * (count - 1) : share;
}

async function contractFacts(options: {
  db: Database;
  network: LoadedNetwork;
  signer: TicketSigner;
  ticket: TicketRow;
  lang: Locale | undefined;
  now: Date;
}): Promise<ContractFacts> {
  const { db, network, ticket, now } = options;
  const [order] = await db
    .select({
      lang: orders.lang,
      buyer: orders.buyer,
      currency: orders.currency,
      invoiceNumber: orders.invoiceNumber,
      lineTotal: orderLines.totalAmount,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.id, ticket.orderLineId))
    .where(eq(orders.id, ticket.orderId));
  if (!order) throw new AppError('TICKET_NOT_FOUND');
  const lineContracts = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.orderLineId, ticket.orderLineId));
  const lang = options.lang ?? (order.lang as Locale);
  return {
    publicId: ticket.publicId,
    productId: ticket.productId,
    productName: fareNameOf(network, ticket.productId, lang, order.lang as Locale),
    kind: ticket.kind,
    holderName: [order.buyer.firstName, order.buyer.lastName].filter(Boolean).join(' '),
    travellerName: ticket.travellerName,
    validFrom: ticket.validFrom,
    validTo: ticket.validTo,
    usableUntil: ticket.usableUntil,
    journeysTotal: ticket.journeysTotal,
    journeysLeft: ticket.journeysLeft,
    amountPaid: shareOfLine(
      order.lineTotal,
      lineContracts.map((contract) => contract.id),
      ticket.id,
    ),
    currency: order.currency,
    orderNumber: String(ticket.orderId),
    invoiceNumber: order.invoiceNumber,
    issuedAt: ticket.createdAt,
    printedCode: await options.signer.sign(ticket.networkId, ticketClaimsOf(ticket, now, true)),
    lang,
  };
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
  const pdf = await renderAttestationPdf({ facts, network: options.network, now: options.now });
  return {
    fileName: `attestation-${ticket.publicId}.pdf`,
    contentType: 'application/pdf',
    contentBase64: Buffer.from(pdf).toString('base64'),
  };
}

/** The ticket face of a contract of the network, by its public id. */
export async function contractSticker(options: {
  db: Database;
  network: LoadedNetwork;
  signer: TicketSigner;
  stickerId: string;
  lang: Locale | undefined;
  now: Date;
}): Promise<FileAnswer> {
  const { db, network, stickerId } = options;
  const [ticket] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.publicId, stickerId), eq(tickets.networkId, network.network.config.id)))
    .limit(1);
  if (!ticket) throw new AppError('TICKET_NOT_FOUND');
  const facts = await contractFacts({ ...options, ticket });
  const svg = renderTicketFaceSvg({ facts, network });
  return {
    fileName: `ticket-${ticket.publicId}.svg`,
    contentType: 'image/svg+xml',
    contentBase64: Buffer.from(svg, 'utf8').toString('base64'),
  };
}
