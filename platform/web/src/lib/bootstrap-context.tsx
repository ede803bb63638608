// Makes the network's bootstrap available to every component. It lives in a small store: a
// language switch replaces it with the bootstrap of the new language (its texts, its legacy
// configuration) without a page load.
import type { Bootstrap } from '@transit-shop/tenancy';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';

export type BootstrapStore = {
  get(): Bootstrap;
  set(next: Bootstrap): void;
  subscribe(listener: () => void): () => void;
};

export function createBootstrapStore(initial: Bootstrap): BootstrapStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const BootstrapContext = createContext<BootstrapStore | null>(null);

export function BootstrapProvider({ store, children }: { store: BootstrapStore; children: ReactNode }) {
  return <BootstrapContext.Provider value={store}>{children}</BootstrapContext.Provider>;
}

export function useBootstrap(): Bootstrap {
  const store = useContext(BootstrapContext);
  if (!store) throw new Error('useBootstrap outside BootstrapProvider');
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
