// Keeps the ticket API on the current tenant files while it runs (decision 0025): watches the tenant
// and theme folders (WATCH_TENANTS), reloads the store once per burst of changes (a network whose
// files became invalid keeps its last valid version, see TenantStore), and syncs the vouchers of the
// networks served after each applied reload.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { ReloadOutcome, TenantStore } from '@transit-shop/tenancy/tenant-store';
import { type TenantWatcher, watchTenants } from '@transit-shop/tenancy/watch-tenants';
import type { Logger } from '../logger.ts';
import type { NetworkDirectory } from './network-directory.ts';

export type TenantFollower = {
  /** Resolves once the vouchers of every reload applied so far are synced. */
  idle(): Promise<void>;
  close(): void;
};

export async function followTenantFiles(options: {
  store: TenantStore;
  networks: NetworkDirectory;
  /** The vouchers' sync (services/vouchers/sync-voucher-files.ts), run after each applied reload. */
  vouchers: { sync(networks: readonly LoadedNetwork[]): Promise<void> };
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
    synced = options.vouchers.sync(options.networks.all()).catch((error: unknown) => {
      logger.error({ err: error }, 'the vouchers files could not be synced; the next reload tries again');
    });
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
