// A fresh, migrated database for one test file: an in-memory PGlite (started from the run's migrated
// dump when there is one), or, when DATABASE_URL is set, a PostgreSQL database created for the file
// (ticket_test_<random>) and dropped after it.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { IN_MEMORY_DATA_DIR, readEnv } from '../env.ts';

export type TestDatabase = DatabaseHandle & {
  /** Closes the handle and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
};

/** The PostgreSQL server tests run against, or undefined for PGlite. */
export function testPostgresUrl(): string | undefined {
  return readEnv().DATABASE_URL;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testPostgresUrl();
  if (!serverUrl) {
    const handle = await createDatabase({ DATA_DIR: IN_MEMORY_DATA_DIR, pgliteDump: await migratedDump() });
    // Nothing left to apply when the database starts from the run's migrated dump.
    await migrateDatabase(handle);
    return { ...handle, drop: () => handle.close() };
  }
  const name = `ticket_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ DATABASE_URL: url.toString(), DATA_DIR: IN_MEMORY_DATA_DIR });
  await migrateDatabase(handle);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The migrated PGlite dump the project's global setup made (pglite-snapshot.global.ts), if any. */
async function migratedDump(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshot');
  return file ? new Blob([await readFile(file)]) : undefined;
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database for the whole test file: created before its first test, dropped after its last. */
export function useTestDatabase(): { readonly current: TestDatabase } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    get current() {
      if (!database) throw new Error('the test database is not ready (use it inside a test or hook)');
      return database;
    },
  };
}
