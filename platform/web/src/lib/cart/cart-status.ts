// What the header's cart button needs before the cart runs: how many articles the cart holds and
// whether its sidebar is open, read leniently from the saved cart in local storage, then kept up to
// date by the cart runtime once it runs, through a window event (so that neither module imports the
// other, and this one rides in the button's chunk), and by the `storage` event when another tab
// changes the saved cart; and whether the saved cart has an order in flight, which the cart must
// ask about on this load (decision 0021). No XState, zod or sdk here.
import { useSyncExternalStore } from 'react';

export type CartStatus = { readonly count: number; readonly visible: boolean };

const EMPTY: CartStatus = { count: 0, visible: false };
/** CART-01: the key the cart machine's saved copy lives under (flows' CART_STORAGE_KEY). */
const STORAGE_KEY = 'cart';
/** The event the running cart announces its status with (cart-runtime.ts). */
export const CART_STATUS_EVENT = 'transit-shop:cart-status';

type LenientCart = {
  items?: { quantity?: unknown }[];
  cartVisible?: unknown;
  orderInFlight?: unknown;
} | null;

function savedCart(): LenientCart {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as LenientCart;
  } catch {
    return null;
  }
}

/** Whether the saved cart remembers an order placed for its lines, whose outcome is not known yet. */
export function hasSavedOrderInFlight(): boolean {
  const saved = typeof localStorage === 'undefined' ? null : savedCart();
  return typeof saved?.orderInFlight === 'string';
}

/**
 * The saved cart's article count and sidebar state. Unchecked on purpose: the runtime validates the
 * entry when it starts, and drops it if it is bad; until then a badge is all that reads it.
 */
function statusFromStorage(): CartStatus {
  try {
    const saved = savedCart();
    if (!saved || !Array.isArray(saved.items)) return EMPTY;
    const count = saved.items.reduce(
      (sum, line) => sum + (typeof line?.quantity === 'number' && line.quantity > 0 ? line.quantity : 0),
      0,
    );
    return { count, visible: count > 0 && saved.cartVisible === true };
  } catch {
    return EMPTY;
  }
}

let current: CartStatus | undefined;
const listeners = new Set<() => void>();

export function readCartStatus(): CartStatus {
  current ??= typeof localStorage === 'undefined' ? EMPTY : statusFromStorage();
  return current;
}

export function setCartStatus(next: CartStatus): void {
  if (current && next.count === current.count && next.visible === current.visible) return;
  current = next;
  for (const listener of listeners) listener();
}

/** Forgets what was read, so the next read looks at storage again (tests). */
export function resetCartStatus(): void {
  current = undefined;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server renders an empty cart; the browser's hydration starts from it too (decision 0034). */
const serverCartStatus = () => EMPTY;

export function useCartStatus(): CartStatus {
  return useSyncExternalStore(subscribe, readCartStatus, serverCartStatus);
}

if (typeof window !== 'undefined') {
  window.addEventListener(CART_STATUS_EVENT, (event) =>
    setCartStatus((event as CustomEvent<CartStatus>).detail),
  );
  // Another tab changed the saved cart; the runtime, when it runs here, announces its own status.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY || event.key === null) setCartStatus(statusFromStorage());
  });
}
