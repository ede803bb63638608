// Makes the network's bootstrap available to every component.
import type { Bootstrap } from '@transit-shop/tenancy';
import { createContext, type ReactNode, useContext } from 'react';

const BootstrapContext = createContext<Bootstrap | null>(null);

export function BootstrapProvider({ value, children }: { value: Bootstrap; children: ReactNode }) {
  return <BootstrapContext.Provider value={value}>{children}</BootstrapContext.Provider>;
}

export function useBootstrap(): Bootstrap {
  const value = useContext(BootstrapContext);
  if (!value) throw new Error('useBootstrap outside BootstrapProvider');
  return value;
}
