// The cart of the page: the cart machine running with the real Order/verify.json and
// Order/outcome.json calls (through the session's ticket client, with the actor's abort signal) and
// local storage under `cart` as its actors. One per page, created on first use (the cart page, the
// sidebar, an add, a checkout guard, a saved cart with an order in flight), never on the first
// paint. It follows the other tabs of the browser through the `storage` event, and asks about its
// order in flight again when the page comes back from the browser's back-forward cache
// (decision 0021).
import {
  type CartInput,
  type CartNetwork,
  type CartSnapshot,
  cartMachine,
} from '@transit-shop/flows/cart/cart.machine';
import { cartCountOf } from '@transit-shop/flows/cart/cart-selectors';
import { CART_STORAGE_KEY, type SavedCart } from '@transit-shop/flows/cart/cart-storage';
import type { VerifyOrderInput } from '@transit-shop/flows/cart/verify-order';
import { orderOutcomeCall } from '@transit-shop/sdk/contract/checkout';
import { verifyOrderCall } from '@transit-shop/sdk/contract/order';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@transit-shop/sdk/locales';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { TicketClient, TicketSession } from '../api-client.ts';
import { writeSavedCartCookie } from '../cookies.ts';
import { getSessionRuntime } from '../session/session-runtime.ts';

export type CartRuntime = {
  readonly actor: Actor<typeof cartMachine>;
  stop(): void;
};

export type CartRuntimeOptions = {
  client: Pick<TicketClient, 'call'>;
  /** The network's settings the cart's rules read (decision 0039). */
  network: CartNetwork;
  /** The session verify sends when there is one (a voucher's per-customer limit needs it). */
  getSession?: () => TicketSession | undefined;
  /** The language of the vouchers' labels; the page's by default. */
  getLocale?: () => Locale;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Where the `storage` and `pageshow` events of the page are heard; the window by default. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Says whether this browser keeps a cart with lines (the `cart` cookie by default). */
  markSavedCart?: (hasLines: boolean) => void;
  /** The machine's clock and line ids (tests). */
  now?: CartInput['now'];
  createId?: CartInput['createId'];
};

function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

function readSaved(storage: CartRuntimeOptions['storage']): string | null {
  try {
    return storage?.getItem(CART_STORAGE_KEY) ?? null;
  } catch {
    // Storage refused (private mode): the cart starts empty.
    return null;
  }
}

export function createCartRuntime(options: CartRuntimeOptions): CartRuntime {
  const storage = options.storage ?? globalThis.localStorage;
  const getLocale = options.getLocale ?? pageLocale;
  const machine = cartMachine.provide({
    actors: {
      verifyOrder: fromPromise(({ input, signal }: { input: VerifyOrderInput; signal: AbortSignal }) => {
        const session = options.getSession?.();
        return options.client.call(
          verifyOrderCall,
          {
            ...input,
            lang: getLocale(),
            ...(session ? { userToken: session.userToken, userId: session.userId } : {}),
          },
          { signal },
        );
      }),
      saveCart: fromPromise(async ({ input }: { input: SavedCart | null }) => {
        if (input === null) storage.removeItem(CART_STORAGE_KEY);
        else storage.setItem(CART_STORAGE_KEY, JSON.stringify(input));
      }),
      readOrderOutcome: fromPromise(({ input, signal }) =>
        options.client.call(orderOutcomeCall, { orderReference: input.orderReference }, { signal }),
      ),
    },
  });
  const actor = createActor(machine, {
    input: {
      network: options.network,
      saved: readSaved(storage),
      ...(options.now ? { now: options.now } : {}),
      ...(options.createId ? { createId: options.createId } : {}),
    },
  });
  // The header's button hears the cart's status (cart-status.ts, CART_STATUS_EVENT); the server
  // hears whether there are lines through the cookie, written when that changes.
  const markSavedCart = options.markSavedCart ?? writeSavedCartCookie;
  let hadLines: boolean | undefined;
  const publish = (snapshot: CartSnapshot) => {
    const count = cartCountOf(snapshot);
    if (count > 0 !== hadLines) {
      hadLines = count > 0;
      markSavedCart(hadLines);
    }
    globalThis.dispatchEvent?.(
      new CustomEvent('transit-shop:cart-status', {
        detail: { count, visible: snapshot.context.cartVisible },
      }),
    );
  };
  const subscription = actor.subscribe(publish);
  actor.start();
  publish(actor.getSnapshot());
  // Another tab wrote the saved cart (an order paid there empties it); `key` null: storage cleared.
  const events = options.events ?? (typeof window === 'undefined' ? undefined : window);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    actor.send({ type: 'STORAGE_CHANGED', saved: event.newValue });
  };
  // Back from the back-forward cache, the page missed what the other tabs did meanwhile.
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    actor.send({ type: 'STORAGE_CHANGED', saved: readSaved(storage) });
    actor.send({ type: 'CHECK_ORDER' });
  };
  events?.addEventListener('storage', onStorage);
  events?.addEventListener('pageshow', onPageShow);
  return {
    actor,
    stop() {
      events?.removeEventListener('storage', onStorage);
      events?.removeEventListener('pageshow', onPageShow);
      subscription.unsubscribe();
      actor.stop();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The page's runtime, created on first use with the page's session.

let installed: { runtime: CartRuntime; promise: Promise<CartRuntime> } | undefined;
let creating: Promise<CartRuntime> | undefined;

function settled(runtime: CartRuntime): Promise<CartRuntime> {
  const promise = Promise.resolve(runtime);
  // Marked as React marks a promise it has read, so `use()` reads it without suspending.
  Object.assign(promise, { status: 'fulfilled', value: runtime });
  return promise;
}

function install(runtime: CartRuntime): void {
  installed?.runtime.stop();
  installed = { runtime, promise: settled(runtime) };
  creating = undefined;
}

/** The page's cart runtime; the same promise every time, so components may `use()` it. */
export function getCartRuntime(): Promise<CartRuntime> {
  if (installed) return installed.promise;
  if (creating) return creating;
  const promise = getSessionRuntime().then((session) => {
    if (installed) return installed.runtime;
    const { configuration, timeZone } = session.network;
    const runtime = createCartRuntime({
      client: session.client,
      network: {
        has_subscriptions: configuration.has_subscriptions,
        multiple_payment_installments: configuration.multiple_payment_installments,
        payment: configuration.payment,
        timeZone,
      },
      getSession: () => session.actor.getSnapshot().context.ticket ?? undefined,
    });
    // AUTH-07: when the session clears the page's state at logout, the cart empties itself and
    // forgets its saved copy. A sign-in (or a new guest session) may change what the vouchers
    // allow: the cart verifies again.
    let user = session.actor.getSnapshot().context.ticket?.userId ?? null;
    let clearing = false;
    const watch = session.actor.subscribe((snapshot) => {
      const nowClearing = snapshot.matches({ loggingOut: 'clearing' });
      if (nowClearing && !clearing) runtime.actor.send({ type: 'LOGOUT' });
      clearing = nowClearing;
      const next = snapshot.context.ticket?.userId ?? null;
      if (next === user) return;
      user = next;
      if (next !== null) runtime.actor.send({ type: 'VERIFY' });
    });
    const page: CartRuntime = {
      actor: runtime.actor,
      stop() {
        watch.unsubscribe();
        runtime.stop();
      },
    };
    install(page);
    return page;
  });
  creating = promise;
  return promise;
}

/** The runtime when it already runs, without starting it. */
export function runningCartRuntime(): CartRuntime | undefined {
  return installed?.runtime;
}

/** A page that shows all the cart's sidebar would (the cart, a checkout step) closes the sidebar. */
export function closeCartSidebar({ actor }: CartRuntime): void {
  actor.send({ type: 'VISIBILITY_CHANGED', visible: false });
}

/** Sets the page's runtime (tests give one answering from a fake backend). */
export function installCartRuntime(runtime: CartRuntime): void {
  install(runtime);
}

export function uninstallCartRuntime(): void {
  installed?.runtime.stop();
  installed = undefined;
  creating = undefined;
}
