// The page's one purchase tunnel (TUN-01): the tunnel machine for the signed-in customer, restored
// from local storage under `tunnel` when it starts and saved there at each change. It starts in a
// tunnel page's loader, with the account's travellers and cards and the network's new-card product;
// a new sign-in starts another.

import { type TunnelInput, tunnelMachine } from '@transit-shop/flows/tunnel/tunnel.machine';
import { type SavedTunnel, TUNNEL_STORAGE_KEY } from '@transit-shop/flows/tunnel/tunnel-storage';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';
import { type Actor, createActor, fromPromise } from 'xstate';

export type TunnelActor = Actor<typeof tunnelMachine>;

type Running = { readonly sessionKey: string; readonly actor: TunnelActor };

let running: Running | undefined;
/** The item a product page started the tunnel for, until the tunnel's first page starts it. */
let startingItem: ShopItem | undefined;

function readSaved(): string | null {
  try {
    return localStorage.getItem(TUNNEL_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Writes the tunnel, or removes it (null); a storage that refuses costs the saved copy only. */
async function writeSaved(saved: SavedTunnel | null): Promise<void> {
  if (saved === null) localStorage.removeItem(TUNNEL_STORAGE_KEY);
  else localStorage.setItem(TUNNEL_STORAGE_KEY, JSON.stringify(saved));
}

/** The product page's entry: the next tunnel page starts a new tunnel for the item. */
export function startTunnel(item: ShopItem): void {
  running?.actor.stop();
  running = undefined;
  startingItem = item;
}

/** The tunnel running for this session, if any. */
export function runningTunnel(sessionKey: string): TunnelActor | undefined {
  return running?.sessionKey === sessionKey ? running.actor : undefined;
}

/** The session's tunnel: the one running, else one started anew (the item given) or from storage. */
export function tunnelFor(sessionKey: string, input: Omit<TunnelInput, 'item' | 'saved'>): TunnelActor {
  const current = runningTunnel(sessionKey);
  if (current) return current;
  running?.actor.stop();
  const item = startingItem;
  startingItem = undefined;
  const actor = createActor(
    tunnelMachine.provide({
      actors: {
        saveTunnel: fromPromise(({ input: saved }: { input: SavedTunnel | null }) => writeSaved(saved)),
      },
    }),
    { input: { ...input, ...(item ? { item } : { saved: readSaved() }) } },
  );
  actor.start();
  running = { sessionKey, actor };
  return actor;
}

/** Tests start each page load afresh. */
export function forgetTunnel(): void {
  running?.actor.stop();
  running = undefined;
  startingItem = undefined;
}
