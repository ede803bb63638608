// Keeps the ticket API on the current tenant files while it runs (decision 0025): watches the tenant
// and theme folders (WATCH_TENANTS), reloads the store once per burst of changes (a network whose
// files became invalid keeps its last valid version, see TenantStore), and syncs the vouchers of the
// networks served and reads their demo card registries again after each applied reload.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { ReloadOutcome, TenantStore } from '@transit-shop/tenancy/tenant-store';
import { type TenantWatcher, watchTenants } from '@transit-shop/tenancy/watch-tenants';
import type { Logger } from '../logger.ts';
import type { NetworkDirectory } from './network-directory.ts';

export type TenantFollower = {
  /** Resolves once the vouchers and cards of every reload applied so far are synced. */
  idle(): Promise<void>;
  close(): void;
};

export async function followTenantFiles(options: {
  store: TenantStore;
  networks: NetworkDirectory;
  /** The vouchers' sync (services/vouchers/sync-voucher-files.ts), run after each applied reload. */
  vouchers: { sync(networks: readonly LoadedNetwork[]): Promise<void> };
  /** The demo card registry (services/media/demo-card-registry.ts), read again after each applied reload. */
  cards?: { sync(networks: readonly LoadedNetwork[]): Promise<void> } | undefined;
  /** Watch the folders; without it, only a call of store.reload() reloads. */
  watch: boolean;
  dirs: string[];
  logger: Logger;
  debounceMs?: number;
}): Promise<TenantFollower> {
  const { store, logger } = options;
  let synced: Promise<void> = Promise.resolve();
  const onReloaded = (outcome: ReloadOutcome) => {
    if (!outcome.applied) return;
    const networks = options.networks.all();
    const vouchers = options.vouchers.sync(networks).catch((error: unknown) => {
      logger.error({ err: error }, 'the vouchers files could not be synced; the next reload tries again');
    });
    const cards = options.cards?.sync(networks).catch((error: unknown) => {
      logger.error({ err: error }, 'the card registry files could not be read; the next reload tries again');
    });
    synced = Promise.all([vouchers, cards]).then(() => undefined);
  };
  store.on('reloaded', onReloaded);
  let watcher: TenantWatcher | undefined;
  if (options.watch) {
    watcher = await watchTenants({
      dirs: options.dirs,
      onChange: () => void store.reload(),
      logger,
      ...(options.debounceMs === undefined ? {} : { debounceMs: options.debounceMs }),
    });
  }
  return {
    idle: () => synced,
    close() {
      watcher?.close();
      store.off('reloaded', onReloaded);
    },
  };
}
