// The networks the ticket API serves, kept current by the tenant store's reloads (decision 0025):
// calls resolve only the networks served now; one removed while the process runs keeps its last
// version apart, to settle what its orders had already started (payments, debits, emails).
import type { LoadedNetwork, TenantRegistry } from '@transit-shop/tenancy';
import type { TenantStore } from '@transit-shop/tenancy/tenant-store';

/** What the API asks of the networks. */
export type NetworkDirectory = {
  /** A network served now, by its numeric id: what every call resolves. */
  byId(id: number): LoadedNetwork | undefined;
  /** The networks served now. */
  all(): readonly LoadedNetwork[];
  /**
   * A network served now, or the last version of one removed since start: what settles an order
   * already placed (its payment's outcome, its later debits, its confirmation).
   */
  settlingById(id: number): LoadedNetwork | undefined;
};

/** The directory over a store: each lookup reads the registry being served at that moment. */
export function networkDirectoryOf(store: TenantStore): NetworkDirectory {
  const retired = new Map<number, LoadedNetwork>();
  let seen: TenantRegistry = store.registry;
  store.on('reloaded', (outcome) => {
    if (!outcome.applied) return;
    const served = store.registry;
    for (const slug of outcome.removed) {
      const gone = seen.bySlug(slug);
      if (gone) retired.set(gone.network.config.id, gone);
    }
    for (const id of [...retired.keys()]) if (served.byId(id)) retired.delete(id);
    seen = served;
  });
  return {
    byId: (id) => store.registry.byId(id),
    all: () => store.registry.all(),
    settlingById: (id) => store.registry.byId(id) ?? retired.get(id),
  };
}
