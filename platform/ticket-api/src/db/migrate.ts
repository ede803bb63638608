// Applies the committed migrations (drizzle/) with drizzle's migrator for the driver in use.
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './database.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Replicas starting together would run the same migration twice: the first takes this lock, the
// others wait for it and then find nothing left to do.
const MIGRATION_LOCK_KEY = 7_314_201_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  const { driver } = handle;
  if (driver.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: driver.client }), config);
    return;
  }
  const lock = await driver.pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres({ client: driver.pool }), config);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}
