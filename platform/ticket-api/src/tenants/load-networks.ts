// Reads the network files at start into the tenant store that keeps them current (decision 0025):
// the ticket API needs each network's id, signing key, catalogue, seller, collect sites and time zone.
import { TenantStore } from '@transit-shop/tenancy/tenant-store';
import type { Logger } from '../logger.ts';
import { type NetworkDirectory, networkDirectoryOf } from './network-directory.ts';

type LoadOptions = { tenantsDir: string; themesDir: string; logger: Logger };

/** Serves every valid network and logs the problems of the others; fails only when none can be served. */
export async function loadNetworkStore(
  options: LoadOptions,
): Promise<{ store: TenantStore; networks: NetworkDirectory }> {
  const store = new TenantStore(options);
  await store.load();
  if (store.registry.all().length === 0) throw new Error(`no valid network in ${options.tenantsDir}`);
  return { store, networks: networkDirectoryOf(store) };
}

/** The networks as read once, for callers that never reload them. */
export async function loadNetworks(options: LoadOptions): Promise<NetworkDirectory> {
  return (await loadNetworkStore(options)).networks;
}
