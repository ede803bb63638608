// What the session counts as (signed out, guest, logged in, expired), for the header and the
// layout on the first paint: read from the user ticket cookie, then kept up to date by the
// session machine once it runs. No XState or sdk here, so the first paint stays small.
import type { SessionStatus } from '@transit-shop/flows/session/session.machine';
import { useSyncExternalStore } from 'react';
import { readTicketCookie } from '../cookies.ts';

export type { SessionStatus };

function statusFromCookie(): SessionStatus {
  const ticket = typeof document === 'undefined' ? undefined : readTicketCookie();
  if (!ticket) return 'signedOut';
  return ticket.guest ? 'guest' : 'loggedIn';
}

let current: SessionStatus | undefined;
const listeners = new Set<() => void>();

export function readSessionStatus(): SessionStatus {
  current ??= statusFromCookie();
  return current;
}

export function setSessionStatus(next: SessionStatus): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Forgets what was read, so the next read looks at the cookie again (a new session, in tests). */
export function resetSessionStatus(): void {
  current = undefined;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server renders for a visitor; the browser's hydration starts from it too (decision 0034). */
const serverSessionStatus = (): SessionStatus => 'signedOut';

export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(subscribe, readSessionStatus, serverSessionStatus);
}
