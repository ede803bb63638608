// `npm run ticket:rotate-key -- --network <slug> [--retire <kid>]`: adds a newer ticket-signing key
// to the network (it signs from the next minute on; the older keys stay published), or retires one
// of that network's keys (it neither signs nor is published; a key of another network is refused). Opens the database as the ticket API does: DATABASE_URL
// for PostgreSQL, else the embedded database in DATA_DIR (not while the API has it open).
import { readEnvOrExit } from '@transit-shop/service-kit/env';
import { systemClock } from '../src/clock.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { readEnv } from '../src/env.ts';
import { createLogger } from '../src/logger.ts';
import {
  type KeyRetirement,
  liveTicketKeys,
  retireTicketKey,
  rotateTicketKey,
} from '../src/services/tickets/ticket-signer.ts';
import { loadNetworks } from '../src/tenants/load-networks.ts';

const RETIRE_REFUSALS: Record<Exclude<KeyRetirement, 'RETIRED'>, (kid: string, slug: string) => string> = {
  ALREADY_RETIRED: (kid, slug) => `${kid} of ${slug} is already retired`,
  OTHER_NETWORK: (kid, slug) =>
    `${kid} is not a key of ${slug}: nothing retired (name the key's own network)`,
  UNKNOWN: (kid) => `no key ${kid}`,
};

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main(): Promise<number> {
  const slug = option('network');
  const retire = option('retire');
  if (!slug) {
    console.error('usage: npm run ticket:rotate-key -- --network <slug> [--retire <kid>]');
    return 2;
  }
  const env = readEnvOrExit(readEnv);
  const logger = createLogger({ level: 'warn' });
  const networks = await loadNetworks({ tenantsDir: env.TENANTS_DIR, themesDir: env.THEMES_DIR, logger });
  const network = networks.all().find((candidate) => candidate.network.slug === slug);
  if (!network) {
    console.error(`no network "${slug}" in ${env.TENANTS_DIR}`);
    return 1;
  }
  const networkId = network.network.config.id;
  const database = await createDatabase({ ...env, logger });
  try {
    await migrateDatabase(database);
    const now = systemClock.now();
    if (retire) {
      const outcome = await retireTicketKey(database.db, { networkId, kid: retire }, now);
      if (outcome !== 'RETIRED') {
        console.error(RETIRE_REFUSALS[outcome](retire, slug));
        return 1;
      }
      console.log(`retired ${retire}`);
    } else {
      console.log(`added ${(await rotateTicketKey(database.db, networkId, now)).kid}`);
    }
    const live = await liveTicketKeys(database.db, networkId);
    console.log(
      `${slug} publishes: ${live.map((key) => key.kid).join(', ') || 'nothing (a key is made on first need)'}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
