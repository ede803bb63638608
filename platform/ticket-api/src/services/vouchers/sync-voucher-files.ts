// Keeps the voucher table in line with the networks' vouchers.json files while the API runs
// (decision 0025): the first sync writes every network's file, later ones only the networks whose
// vouchers (as parsed) changed since this process last wrote them, or that were added. A file with
// problems is logged and its network's vouchers stay as the database holds them: the last valid
// version. Several replicas syncing the same file write the same rows (idempotent).
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { readVoucherFiles } from '@transit-shop/tenancy/vouchers-file';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { syncNetworkVouchers } from './sync-vouchers.ts';

export type VoucherFileSync = {
  /** Syncs the networks given; syncs run one after the other; rejects when the database refused. */
  sync(networks: readonly LoadedNetwork[]): Promise<void>;
};

export function createVoucherFileSync(options: {
  db: Database;
  clock: Clock;
  tenantsDir: string;
  logger: Logger;
}): VoucherFileSync {
  const { logger } = options;
  /** What was last written for each network, as JSON of its parsed vouchers. */
  const written = new Map<number, string>();
  let last: Promise<unknown> = Promise.resolve();

  const syncOnce = async (networks: readonly LoadedNetwork[]) => {
    const files = await readVoucherFiles({ tenantsDir: options.tenantsDir, networks });
    for (const problem of files.problems) {
      logger.error(
        { file: problem.file, field: problem.field, problem: problem.message },
        `invalid vouchers file, its vouchers are left as they were: ${problem.file}: ${problem.field}: ${problem.message}`,
      );
    }
    for (const [networkId, vouchers] of files.vouchers) {
      const fingerprint = JSON.stringify(vouchers);
      if (written.get(networkId) === fingerprint) continue;
      await syncNetworkVouchers({ db: options.db, clock: options.clock, networkId, vouchers });
      const first = !written.has(networkId);
      written.set(networkId, fingerprint);
      if (!first) logger.info({ networkId, vouchers: vouchers.length }, 'vouchers file synced');
    }
  };

  return {
    sync(networks) {
      const run = last.then(() => syncOnce(networks));
      last = run.catch(() => undefined);
      return run;
    },
  };
}
