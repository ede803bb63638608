// Reads the network files once at start: the ticket API needs each network's id and signing key.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { TenantRegistry } from '@transit-shop/tenancy';
import { loadTenants } from '@transit-shop/tenancy/load-tenants';
import type { Logger } from '../logger.ts';

/** What the API asks of the networks: one by its numeric id. */
export type NetworkDirectory = {
  byId(id: number): LoadedNetwork | undefined;
  all(): readonly LoadedNetwork[];
};

/** Serves every valid network and logs the problems of the others; fails only when none can be served. */
export async function loadNetworks(options: {
  tenantsDir: string;
  themesDir: string;
  logger: Logger;
}): Promise<NetworkDirectory> {
  const { logger } = options;
  const result = await loadTenants({ tenantsDir: options.tenantsDir, themesDir: options.themesDir });
  for (const problem of result.problems) {
    logger.error(
      { file: problem.file, field: problem.field, problem: problem.message },
      `invalid tenant file: ${problem.file}: ${problem.field}: ${problem.message}`,
    );
  }
  const built = TenantRegistry.build(result.networks, result.globalAlerts);
  if ('problems' in built) {
    throw new Error(
      `tenant registry refused: ${built.problems.map((p) => `${p.file}: ${p.field}: ${p.message}`).join('; ')}`,
    );
  }
  if (result.networks.length === 0) throw new Error(`no valid network in ${options.tenantsDir}`);
  logger.info(
    { networks: result.networks.length, invalid: result.invalidSlugs },
    `serving ${result.networks.length} network(s)`,
  );
  return built.registry;
}
