// The kept copy (decision 0031) read at the device's clock: each ticket's phase again, as the
// server would answer now, so a pass that ended since the last synchronisation shows as past and
// its code is no longer offered. A copy kept before decision 0038 has its instants in UTC: they are
// given the network's offset by this browser's clock, the way that copy was shown then, until the
// next synchronisation replaces it.
import type { ContractPlace, WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { walletPhaseAt } from '@transit-shop/sdk/tickets/wallet-phase';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
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

/** An instant of a copy kept before decision 0038 (in UTC) with the network's offset; others as they are. */
function onNetworkClock<Text extends string | null>(text: Text, timeZone: string): Text {
  return (text?.endsWith('Z') ? networkInstantText(Date.parse(text), timeZone) : text) as Text;
}

function placeOnNetworkClock(place: ContractPlace, timeZone: string): ContractPlace {
  if (place.delivery === 'CARD') return { ...place, loadedAt: onNetworkClock(place.loadedAt, timeZone) };
  if (place.delivery === 'COLLECT') return { ...place, from: onNetworkClock(place.from, timeZone) };
  return place;
}

function ticketOnNetworkClock(ticket: WalletTicket, timeZone: string): WalletTicket {
  return {
    ...ticket,
    validFrom: onNetworkClock(ticket.validFrom, timeZone),
    validTo: onNetworkClock(ticket.validTo, timeZone),
    usableUntil: onNetworkClock(ticket.usableUntil, timeZone),
    issuedAt: onNetworkClock(ticket.issuedAt, timeZone),
    place: placeOnNetworkClock(ticket.place, timeZone),
  };
}

/** A kept answer as it stands at `now`, its instants on the clock of the network's `timeZone`. */
export function keptAnswerAt(kept: KeptTickets, now: Date, timeZone: string): KeptTickets {
  return {
    syncedAt: onNetworkClock(kept.syncedAt, timeZone),
    tickets: kept.tickets.map((ticket) => keptTicketAt(ticketOnNetworkClock(ticket, timeZone), now)),
  };
}
