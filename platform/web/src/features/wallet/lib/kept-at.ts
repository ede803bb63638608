// The kept copy (decision 0031) read at the device's clock: each ticket's phase again, as the
// server would answer now, so a pass that ended since the last synchronisation shows as past and
// its code is no longer offered.
import type { WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { walletPhaseAt } from '@transit-shop/sdk/tickets/wallet-phase';
import type { KeptTickets } from '../../../lib/kept-tickets.ts';

const instant = (iso: string | null) => (iso === null ? null : new Date(iso));

/** A kept ticket as it stands at `now`. */
export function keptTicketAt(ticket: WalletTicket, now: Date): WalletTicket {
  const phase = walletPhaseAt(
    {
      status: ticket.status,
      validFrom: instant(ticket.validFrom),
      validTo: instant(ticket.validTo),
      usableUntil: instant(ticket.usableUntil),
      journeysLeft: ticket.journeysLeft,
      // Only activated kinds have a usableUntil, so a fixed-slot day ticket is never kept current by it.
      activatedKind: ticket.kind === 'JOURNEYS' || ticket.kind === 'DAY',
    },
    now,
  );
  if (phase !== 'PAST') return { ...ticket, phase };
  return { ...ticket, phase, activatable: false, token: null };
}

/** A kept answer as it stands at `now`. */
export function keptAnswerAt(kept: KeptTickets, now: Date): KeptTickets {
  return { ...kept, tickets: kept.tickets.map((ticket) => keptTicketAt(ticket, now)) };
}
