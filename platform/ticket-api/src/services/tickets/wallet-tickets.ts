// The wallet's lists (wallet/tickets, wallet/guestTickets, Account/getWallet): the contracts the
// caller reaches, filtered as asked. A customer's device key binds the wallet tickets no device
// holds yet to that device (their generation unchanged: no code was shown before). A guest's list
// binds nothing: the guest's link may be opened on any screen, so a journey is bound to the phone
// that activates it, and a pass keeps its one printed copy (printed-copy.ts).
import type { WalletPhase, WalletTicket } from '@transit-shop/sdk/contract/wallet';
import type { Locale } from '@transit-shop/sdk/locales';
import type { EcPublicJwk } from '@transit-shop/sdk/tickets/ticket-token';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { tickets } from '../../db/schema/tickets.ts';
import type { CardRegistry } from '../card-registry/card-registry.ts';
import type { TicketSigner } from './ticket-signer.ts';
import { deviceThumbprintOf, type WalletRow, walletRowsWhere, walletTicketsOf } from './wallet-answer.ts';

export type WalletListing = {
  db: Database;
  network: LoadedNetwork;
  signer: TicketSigner;
  /** Says which card contracts were loaded (the place's loadedAt). */
  cards: CardRegistry;
  /** What the caller reaches (ticket-access.ts). */
  reach: SQL;
  filters?: { ids?: number[] | undefined; productIds?: number[] | undefined; networkIds?: number[] };
  deviceKey?: EcPublicJwk | undefined;
  /** A guest's list: nothing is bound, and printed copies answer their printed code. */
  guest?: boolean;
  lang: Locale | undefined;
  now: Date;
};

/** Binds the wallet tickets within `reach` that no device holds to the device. */
async function bindUnbound(db: Database, reach: SQL, deviceKey: EcPublicJwk, thumbprint: string, now: Date) {
  await db
    .update(tickets)
    .set({ deviceKey, deviceThumbprint: thumbprint, updatedAt: now })
    .where(
      and(
        reach,
        eq(tickets.delivery, 'WALLET'),
        ne(tickets.status, 'CANCELED'),
        isNull(tickets.deviceThumbprint),
      ),
    );
}

/** A contract `bindUnbound` would bind: a wallet one, not cancelled, that no device holds. */
const isUnbound = (row: WalletRow) =>
  row.ticket.delivery === 'WALLET' &&
  row.ticket.status !== 'CANCELED' &&
  row.ticket.deviceThumbprint === null;

export async function listWalletTickets(options: WalletListing): Promise<WalletTicket[]> {
  const { db, network, filters = {}, deviceKey, now } = options;
  const networkIds = filters.networkIds ?? [network.network.config.id];
  // Only the call's network: its key signed the request.
  if (!networkIds.includes(network.network.config.id)) return [];
  const thumbprint = deviceKey ? await deviceThumbprintOf(deviceKey) : null;
  const binds = deviceKey !== undefined && thumbprint !== null && !options.guest;
  const filtered = filters.ids !== undefined || filters.productIds !== undefined;
  const where = and(
    options.reach,
    filters.ids ? inArray(tickets.id, filters.ids) : undefined,
    filters.productIds ? inArray(tickets.productId, filters.productIds) : undefined,
  ) as SQL;
  // A filtered list binds every unbound contract within reach, listed or not. An unfiltered one
  // lists them all: it binds (and reads again) only when one of them is unbound, so the usual call,
  // whose contracts are all held, is one query.
  if (binds && filtered) await bindUnbound(db, options.reach, deviceKey, thumbprint, now);
  let rows = await walletRowsWhere(db, where, options.cards);
  if (binds && !filtered && rows.some(isUnbound)) {
    await bindUnbound(db, options.reach, deviceKey, thumbprint, now);
    rows = await walletRowsWhere(db, where, options.cards);
  }
  return walletTicketsOf(rows, {
    network,
    signer: options.signer,
    deviceThumbprint: thumbprint,
    lang: options.lang,
    now,
  });
}

const PHASE_ORDER: readonly WalletPhase[] = ['CURRENT', 'UPCOMING', 'PAST'];

/** What makes two tickets the same in the overview: everything but their identities and codes. */
function stackKey(ticket: WalletTicket): string {
  const { id, publicId, orderId, issuedAt, token, transfer, ...rest } = ticket;
  return JSON.stringify(rest);
}

/** The overview: tickets grouped by phase (in the order CURRENT, UPCOMING, PAST), stacked unless asked not to. */
export function walletOverview(
  list: readonly WalletTicket[],
  options: { type: 'ALL' | WalletPhase; unstack: boolean },
): { phase: WalletPhase; entries: { count: number; ticket: WalletTicket }[] }[] {
  const phases = options.type === 'ALL' ? PHASE_ORDER : [options.type];
  return phases.flatMap((phase) => {
    const entries: { count: number; ticket: WalletTicket }[] = [];
    const stacks = new Map<string, { count: number; ticket: WalletTicket }>();
    for (const ticket of list) {
      if (ticket.phase !== phase) continue;
      const key = options.unstack ? null : stackKey(ticket);
      const stack = key === null ? undefined : stacks.get(key);
      if (stack) {
        stack.count += 1;
        continue;
      }
      const entry = { count: 1, ticket };
      entries.push(entry);
      if (key !== null) stacks.set(key, entry);
    }
    return entries.length > 0 ? [{ phase, entries }] : [];
  });
}
