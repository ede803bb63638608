// The cart for components: the page's cart runtime given through context (created on first use),
// `useCart()` to read its snapshot through the flows' selectors and send it events.
import type { CartEvent, CartSnapshot } from '@transit-shop/flows/cart/cart.machine';
import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, Suspense, use, useContext } from 'react';
import { useHydrated } from '../use-hydrated.ts';
import { type CartRuntime, getCartRuntime } from './cart-runtime.ts';

const CartContext = createContext<CartRuntime | null>(null);

export function CartProvider({ runtime, children }: { runtime: CartRuntime; children: ReactNode }) {
  return <CartContext.Provider value={runtime}>{children}</CartContext.Provider>;
}

function PageCart({ children }: { children: ReactNode }) {
  const runtime = use(getCartRuntime());
  return <CartProvider runtime={runtime}>{children}</CartProvider>;
}

/**
 * Gives its children the page's cart (created on first use); `fallback` shows while it starts. The
 * cart lives in the browser: a page the server renders shows the fallback, and so does the render
 * that hydrates it, so both agree (decision 0034); the cart comes right after.
 */
export function WithCart({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) return fallback;
  return (
    <Suspense fallback={fallback}>
      <PageCart>{children}</PageCart>
    </Suspense>
  );
}

export function useCartRuntime(): CartRuntime {
  const runtime = useContext(CartContext);
  if (!runtime) throw new Error('useCartRuntime outside CartProvider');
  return runtime;
}

const same = <T,>(a: T, b: T) => a === b;

/**
 * The cart: `select` reads its snapshot (with the flows' cart selectors), `send` gives it an
 * event, `can` asks whether the machine would take one (a quantity step, a voucher).
 */
export function useCart<T>(select: (snapshot: CartSnapshot) => T, compare: (a: T, b: T) => boolean = same) {
  const { actor } = useCartRuntime();
  const selected = useSelector(actor, select, compare);
  return {
    selected,
    send: (event: CartEvent) => actor.send(event),
    can: (event: CartEvent) => actor.getSnapshot().can(event),
  };
}
