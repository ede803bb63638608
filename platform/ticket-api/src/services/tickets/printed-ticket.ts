// A printed ticket's code (decision 0030): the signed ticket without a device key (`prn: true`, no
// `cnf`), as a guest's PDF and the sticker carry it. The signing is the network's signer's
// (TicketSigner.sign has this very shape), handed in by whoever composes the service.
import { type TicketClaims, ticketClaimsSchema } from '@transit-shop/sdk/tickets/ticket-token';
import type { TicketRow } from '../../db/schema/tickets.ts';

/** Signs a ticket's claims with the network's ticket key: the compact JWS. */
export type SignPrintedTicket = (networkId: number, claims: TicketClaims) => Promise<string>;

const seconds = (instant: Date | null) => (instant === null ? null : Math.floor(instant.getTime() / 1000));

/** The claims of a contract as printed at `now`. */
export function printedTicketClaims(
  ticket: Pick<
    TicketRow,
    | 'networkId'
    | 'publicId'
    | 'productId'
    | 'travellerName'
    | 'validFrom'
    | 'validTo'
    | 'usableUntil'
    | 'journeysLeft'
    | 'generation'
  >,
  now: Date,
): TicketClaims {
  return ticketClaimsSchema.parse({
    net: ticket.networkId,
    tid: ticket.publicId,
    pid: ticket.productId,
    trv: ticket.travellerName.slice(0, 120),
    from: seconds(ticket.validFrom),
    to: seconds(ticket.validTo),
    until: seconds(ticket.usableUntil),
    jrn: ticket.journeysLeft,
    gen: ticket.generation,
    iat: seconds(now),
    prn: true,
  });
}
