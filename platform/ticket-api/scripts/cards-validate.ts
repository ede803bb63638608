// `npm run cards:validate -- --network <slug> --card <number>`: the demo's gate. Records, through the
// demo card registry, that the card was validated now: every contract waiting on it is loaded.
// Opens the database as the ticket API does: DATABASE_URL for PostgreSQL, else the embedded
// database in DATA_DIR (not while the API has it open).
import { readEnvOrExit } from '@transit-shop/service-kit/env';
import { systemClock } from '../src/clock.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { readEnv } from '../src/env.ts';
import { createLogger } from '../src/logger.ts';
import { createDemoCardRegistry } from '../src/services/media/demo-card-registry.ts';
import { validateCard } from '../src/services/media/validate-card.ts';
import { loadNetworks } from '../src/tenants/load-networks.ts';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main(): Promise<number> {
  const slug = option('network');
  const card = option('card');
  if (!slug || !card) {
    console.error('usage: npm run cards:validate -- --network <slug> --card <number>');
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
  const database = await createDatabase({ ...env, logger });
  try {
    await migrateDatabase(database);
    const registry = createDemoCardRegistry({ db: database.db, tenantsDir: env.TENANTS_DIR, logger });
    const loaded = await validateCard({
      db: database.db,
      registry,
      networkId: network.network.config.id,
      number: card,
      now: systemClock.now(),
    });
    console.log(
      loaded.length === 0
        ? `card ${card} validated: nothing was waiting on it`
        : `card ${card} validated: loaded contract${loaded.length === 1 ? '' : 's'} ${loaded.join(', ')}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
