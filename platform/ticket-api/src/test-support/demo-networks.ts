// The demo networks of the repository's tenant files, loaded once per test file.

import { DEFAULT_DIRS } from '../env.ts';
import { createLogger } from '../logger.ts';
import { loadNetworks } from '../tenants/load-networks.ts';
import type { NetworkDirectory } from '../tenants/network-directory.ts';

let demoNetworks: Promise<NetworkDirectory> | undefined;

/** The demo networks (lumiere 101, wahat 102, lakeside 103), loaded at the first call. */
export function loadDemoNetworks(): Promise<NetworkDirectory> {
  demoNetworks ??= loadNetworks({
    tenantsDir: DEFAULT_DIRS.tenants,
    themesDir: DEFAULT_DIRS.themes,
    logger: createLogger({ level: 'silent' }),
  });
  return demoNetworks;
}
