// A contract as the wallet answers it (sdk WalletTicket): its phase at the instant asked, whether
// it may be activated, which device holds it as seen from the device asking, and its signed token
// when that device holds it. Its instants are on the network's clock (decision 0038).
import type { TransferStatus, WalletPhase, WalletTicket } from '@transit-shop/sdk/contract/wallet';
import type { Locale } from '@transit-shop/sdk/locales';
import { isActivated } from '@transit-shop/sdk/tickets/fare-product';
import type { EcPublicJwk, TicketClaims } from '@transit-shop/sdk/tickets/ticket-token';
import { hasUseLeft, walletPhaseAt } from '@transit-shop/sdk/tickets/wallet-phase';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { calculateJwkThumbprint } from 'jose';
import type { Database } from '../../db/database.ts';
import { mediaLinks } from '../../db/schema/media.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';
import { type TicketRow, tickets, ticketTransfers } from '../../db/schema/tickets.ts';
import type { CardRegistry } from '../card-registry/card-registry.ts';
import { contractsOnCardsOnTheirWay, loadedAtOfContracts } from './card-loadings.ts';
import { contractNameOf } from './contract-name.ts';
import { contractPlaceOf } from './contract-place.ts';
import { hasPrintedCopy, isGuestOrder } from './printed-copy.ts';
import type { TicketSigner } from './ticket-signer.ts';

/** A contract with what its answer needs beyond its row. */
export type WalletRow = {
  ticket: TicketRow;
  /** The order's language: the name's fallback. */
  orderLang: string;
  /** The line that sold it: its shop item and label name the contract. */
  line: { shopItemId: number; label: string };
  /** Whether a guest bought it (printed-copy.ts). */
  guestOrder: boolean;
  transfer: { status: TransferStatus; target: 'DEVICE' | 'MEDIA' } | null;
  /** The number of the card a CARD contract is loaded on, once named. */
  cardNumber?: string | null;
  /** When the card's validation loaded it (card-loadings.ts); null while it waits or unasked. */
  loadedAt?: Date | null;
  /** The card is a new one on its way to its holder (card-loadings.ts); false when unasked. */
  cardOnItsWay?: boolean;
};

/** The RFC 7638 thumbprint of a device key: what a contract's binding is compared by. */
export function deviceThumbprintOf(key: EcPublicJwk): Promise<string> {
  return calculateJwkThumbprint({ kty: key.kty, crv: key.crv, x: key.x, y: key.y });
}

/** The latest transfer's column of the row's contract, read in the rows' own query. */
const latestTransfer = <T>(column: typeof ticketTransfers.status | typeof ticketTransfers.target) =>
  sql<T | null>`(select ${column} from ${ticketTransfers} where ${ticketTransfers.ticketId} = ${tickets.id} order by ${ticketTransfers.id} desc limit 1)`;

/**
 * The contracts matching `where`, oldest first, with their order's language and latest transfer
 * (one query), and when given the card registry, when each card contract was loaded (one registry
 * call per network).
 */
export async function walletRowsWhere(db: Database, where: SQL, cards?: CardRegistry): Promise<WalletRow[]> {
  const rows = await db
    .select({
      ticket: tickets,
      orderLang: orders.lang,
      guestOrder: isGuestOrder,
      line: { shopItemId: orderLines.shopItemId, label: orderLines.label },
      cardNumber: mediaLinks.number,
      transferStatus: latestTransfer<TransferStatus>(ticketTransfers.status),
      transferTarget: latestTransfer<'DEVICE' | 'MEDIA'>(ticketTransfers.target),
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
    .leftJoin(mediaLinks, eq(mediaLinks.id, tickets.mediaId))
    .where(where)
    .orderBy(tickets.id);
  if (rows.length === 0) return [];
  const onCards = rows.map((row) => ({
    ticketId: row.ticket.id,
    networkId: row.ticket.networkId,
    cardNumber: row.cardNumber,
  }));
  const loadedAt = cards ? await loadedAtOfContracts(cards, onCards) : new Map<number, Date>();
  const onItsWay = cards ? await contractsOnCardsOnTheirWay(cards, onCards) : new Set<number>();
  return rows.map(({ transferStatus, transferTarget, ...row }) => ({
    ...row,
    transfer:
      transferStatus !== null && transferTarget !== null
        ? { status: transferStatus, target: transferTarget }
        : null,
    loadedAt: loadedAt.get(row.ticket.id) ?? null,
    cardOnItsWay: onItsWay.has(row.ticket.id),
  }));
}

/** One contract by its id within what the caller reaches; null when out of reach. */
export async function walletRowOf(
  db: Database,
  reach: SQL,
  ticketId: number,
  cards?: CardRegistry,
): Promise<WalletRow | null> {
  const [row] = await walletRowsWhere(db, and(reach, eq(tickets.id, ticketId)) as SQL, cards);
  return row ?? null;
}

type Validity = NonNullable<ReturnType<typeof fareValidityOf>>;

/** The fare product's validity model, from the network's catalogue. */
export function fareValidityOf(network: LoadedNetwork, productId: number) {
  return network.catalogue.fareProducts.find((fare) => fare.productId === productId)?.validity ?? null;
}

function activatedKind(ticket: TicketRow, validity: Validity | null): boolean {
  return validity ? isActivated(validity) : ticket.kind === 'JOURNEYS';
}

const after = (instant: Date | null, now: Date) => instant !== null && instant.getTime() > now.getTime();

/** May be activated at `now`: an activated kind, issued to a wallet, with a use left before it expires. */
export function isActivatable(ticket: TicketRow, validity: Validity | null, now: Date): boolean {
  return (
    activatedKind(ticket, validity) &&
    ticket.status === 'ISSUED' &&
    hasUseLeft(ticket) &&
    after(ticket.usableUntil, now) &&
    !after(ticket.validFrom, now)
  );
}

/** Where the contract stands at `now` (the sdk's rule, which the wallet's kept copy reads too). */
export function phaseOf(ticket: TicketRow, validity: Validity | null, now: Date): WalletPhase {
  return walletPhaseAt({ ...ticket, activatedKind: activatedKind(ticket, validity) }, now);
}

const seconds = (instant: Date | null) => (instant === null ? null : Math.floor(instant.getTime() / 1000));

/** The token's claims, from the row; a printed ticket has no device key. */
export function ticketClaimsOf(ticket: TicketRow, now: Date, printed = false): TicketClaims {
  const claims: TicketClaims = {
    net: ticket.networkId,
    tid: ticket.publicId,
    pid: ticket.productId,
    trv: ticket.travellerName,
    from: seconds(ticket.validFrom),
    to: seconds(ticket.validTo),
    until: seconds(ticket.usableUntil),
    jrn: ticket.journeysLeft,
    gen: ticket.generation,
    iat: seconds(now) ?? 0,
  };
  if (printed) return { ...claims, prn: true };
  return ticket.deviceKey ? { ...claims, cnf: { jwk: ticket.deviceKey } } : claims;
}

/**
 * The token the asking screen shows: the device-bound one on the phone holding the ticket, the
 * printed code of a printed copy (shown as is, the same as on paper), else none.
 */
function tokenFor(
  signer: TicketSigner,
  row: WalletRow,
  device: WalletTicket['device'],
  network: LoadedNetwork,
  now: Date,
): Promise<string> | null {
  const { ticket } = row;
  if (device === 'THIS') return signer.sign(ticket.networkId, ticketClaimsOf(ticket, now));
  if (hasPrintedCopy(network, ticket, { guest: row.guestOrder }))
    return signer.sign(ticket.networkId, ticketClaimsOf(ticket, now, true));
  return null;
}

export async function walletTicketOf(options: {
  row: WalletRow;
  network: LoadedNetwork;
  signer: TicketSigner;
  /** The asking device's key thumbprint; null when it sent none. */
  deviceThumbprint: string | null;
  lang: Locale | undefined;
  now: Date;
}): Promise<WalletTicket> {
  const { row, network, now } = options;
  const { ticket } = row;
  const validity = fareValidityOf(network, ticket.productId);
  const device =
    ticket.deviceThumbprint === null
      ? 'NONE'
      : ticket.deviceThumbprint === options.deviceThumbprint
        ? 'THIS'
        : 'OTHER';
  const orderLang = row.orderLang as Locale;
  const { timeZone } = network.network.config;
  const at = (instant: Date | null) => (instant === null ? null : networkInstantText(instant, timeZone));
  return {
    id: ticket.id,
    publicId: ticket.publicId,
    networkId: ticket.networkId,
    orderId: ticket.orderId,
    productId: ticket.productId,
    blueprintId: ticket.productId,
    name: contractNameOf(
      network,
      { productId: ticket.productId, shopItemId: row.line.shopItemId, soldLabel: row.line.label },
      options.lang ?? orderLang,
      orderLang,
    ),
    kind: ticket.kind,
    traveller: { userId: ticket.travellerUserId, name: ticket.travellerName },
    status: ticket.status,
    place: contractPlaceOf(
      {
        ...ticket,
        cardNumber: row.cardNumber ?? null,
        loadedAt: row.loadedAt ?? null,
        cardOnItsWay: row.cardOnItsWay ?? false,
      },
      network,
    ),
    phase: phaseOf(ticket, validity, now),
    validFrom: at(ticket.validFrom),
    validTo: at(ticket.validTo),
    usableUntil: at(ticket.usableUntil),
    journeysTotal: ticket.journeysTotal,
    journeysLeft: ticket.journeysLeft,
    activatable: isActivatable(ticket, validity, now),
    device,
    token: await tokenFor(options.signer, row, device, network, now),
    transfer: row.transfer,
    issuedAt: networkInstantText(ticket.createdAt, timeZone),
  };
}

export function walletTicketsOf(
  rows: readonly WalletRow[],
  context: Omit<Parameters<typeof walletTicketOf>[0], 'row'>,
): Promise<WalletTicket[]> {
  return Promise.all(rows.map((row) => walletTicketOf({ ...context, row })));
}
