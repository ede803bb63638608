// Where a contract stands at an instant (the wallet's groups, decision 0030): the server answers
// with it, and the wallet's kept copy (decision 0031) reads it again at the device's own clock.
import type { ContractStatus, WalletPhase } from '../contract/wallet.ts';

/** What the phase depends on. */
export type WalletPhaseFields = {
  readonly status: ContractStatus;
  readonly validFrom: Date | null;
  readonly validTo: Date | null;
  readonly usableUntil: Date | null;
  readonly journeysLeft: number | null;
  /** Activated by its holder (journeys, a first-use day ticket). */
  readonly activatedKind: boolean;
};

const reached = (instant: Date | null, now: Date) => instant !== null && instant.getTime() <= now.getTime();
const ahead = (instant: Date | null, now: Date) => instant !== null && instant.getTime() > now.getTime();

/** Whether an activated kind has a use left: a journey, or a first-use day not yet started. */
export function hasUseLeft(ticket: {
  readonly journeysLeft: number | null;
  /** As a Date or as the ISO text the wallet answers with: only whether it is known counts. */
  readonly validFrom: Date | string | null;
}): boolean {
  return ticket.journeysLeft === null ? ticket.validFrom === null : ticket.journeysLeft > 0;
}

/** The phase at `now`: in its window, before it, usable unactivated until it expires, or past. */
export function walletPhaseAt(ticket: WalletPhaseFields, now: Date): WalletPhase {
  if (ticket.status === 'CANCELED') return 'PAST';
  if (reached(ticket.validFrom, now) && ahead(ticket.validTo, now)) return 'CURRENT';
  if (ahead(ticket.validFrom, now)) return 'UPCOMING';
  // An activated kind with a use left before it expires, in the wallet or on its way to a card.
  if (ticket.activatedKind && hasUseLeft(ticket) && ahead(ticket.usableUntil, now)) return 'CURRENT';
  return 'PAST';
}
