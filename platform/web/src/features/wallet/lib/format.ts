// The wallet's validity and remaining times. An end is shown by the sdk's rule (shownEndOf: a
// midnight as its day's last minute), the one the attestation and ticket:verify follow too.
import type { WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { hasUseLeft } from '@transit-shop/sdk/tickets/wallet-phase';

/** Which validity a ticket's card states at `now`. */
export type ShownValidity =
  | { readonly kind: 'window'; readonly from: string; readonly to: string }
  | { readonly kind: 'activateBefore'; readonly until: string }
  | null;

/**
 * The travel window when one is known, unless it is over while the ticket may still be activated
 * (journeys left before it expires): then the end of that use period, not a past window.
 */
export function shownValidityOf(ticket: WalletTicket, now: Date): ShownValidity {
  const at = now.getTime();
  const { validFrom, validTo, usableUntil } = ticket;
  const toActivateAgain =
    usableUntil !== null &&
    new Date(usableUntil).getTime() > at &&
    (validTo === null || new Date(validTo).getTime() <= at) &&
    hasUseLeft(ticket);
  if (validFrom !== null && validTo !== null && !toActivateAgain)
    return { kind: 'window', from: validFrom, to: validTo };
  return usableUntil === null ? null : { kind: 'activateBefore', until: usableUntil };
}

/** A remaining time as h:mm:ss or m:ss, digits as the language writes them. */
export function formatRemaining(milliseconds: number, language: string): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const digits = new Intl.NumberFormat(language, { minimumIntegerDigits: 2, useGrouping: false });
  const plain = new Intl.NumberFormat(language, { useGrouping: false });
  return hours > 0
    ? `${plain.format(hours)}:${digits.format(minutes)}:${digits.format(seconds)}`
    : `${plain.format(minutes)}:${digits.format(seconds)}`;
}
