// The latest wallet answer, kept in IndexedDB per network and holder, so the wallet opens with the
// network cut and still shows its codes (the device proof is signed locally). Logging out forgets
// them all (AUTH-07): the next person on this phone finds no one's tickets.
import type { WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';

export type KeptTickets = { readonly tickets: WalletTicket[]; readonly syncedAt: string };

/** Whose tickets: a signed-in user's, or a guest order's by its reference. */
export type WalletHolder =
  | { readonly kind: 'user'; readonly networkId: number; readonly userId: number }
  | { readonly kind: 'guest'; readonly networkId: number; readonly reference: string };

let store: UseStore | null = null;
function ticketStore(): UseStore {
  store ??= createStore('transit-shop-wallet', 'tickets');
  return store;
}

export function holderKey(holder: WalletHolder): string {
  return holder.kind === 'user'
    ? `user:${holder.networkId}:${holder.userId}`
    : `guest:${holder.networkId}:${holder.reference}`;
}

export async function keepTickets(holder: WalletHolder, answer: KeptTickets): Promise<void> {
  try {
    await set(holderKey(holder), answer, ticketStore());
  } catch {
    // Without IndexedDB the wallet works online only.
  }
}

export async function keptTickets(holder: WalletHolder): Promise<KeptTickets | null> {
  try {
    return (await get<KeptTickets>(holderKey(holder), ticketStore())) ?? null;
  } catch {
    return null;
  }
}

/** Forgets every kept answer, of every holder and network. */
export async function forgetKeptTickets(): Promise<void> {
  try {
    await clear(ticketStore());
  } catch {
    // Without IndexedDB nothing was kept.
  }
}

/** Forgets the store handle (tests). */
export function forgetWalletStore(): void {
  store = null;
}
