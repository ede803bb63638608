// Opens the database the services use: PostgreSQL through node-postgres when DATABASE_URL is set,
// otherwise the embedded PGlite file database in DATA_DIR. Both give the same Drizzle API.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { IN_MEMORY_DATA_DIR } from '../env.ts';
import { PreparingClient } from '../hot-path/prepared-statements.ts';
import type { Logger } from '../logger.ts';

/** The Drizzle handle every service takes; a transaction is one too. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseDriver =
  | { kind: 'pglite'; client: PGlite; dataDir: string }
  | { kind: 'postgres'; pool: pg.Pool; url: string };

export type DatabaseHandle = {
  db: Database;
  driver: DatabaseDriver;
  /** Whether the database answers (GET /healthz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  DATABASE_URL?: string | undefined;
  /** PGlite data directory, or `memory://` for a database that lives in memory only. */
  DATA_DIR: string;
  logger?: Logger;
  /** Connections of the PostgreSQL pool. */
  poolSize?: number;
  /** An in-memory PGlite starts from this dump of a data directory (PGlite's dumpDataDir) instead of an empty one. */
  pgliteDump?: Blob | undefined;
};

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.DATABASE_URL) return openPostgres(options.DATABASE_URL, options);
  return openPglite(options.DATA_DIR, options.pgliteDump);
}

/**
 * PGlite does not notice a second process opening the same folder, and two would corrupt it: a
 * lock file beside the folder names the process using it, and a live one keeps others out.
 */
const openHere = new Set<string>();

async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir}.lock`;
  for (;;) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      openHere.add(dataDir);
      return async () => {
        openHere.delete(dataDir);
        await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
    // A container restarted on the same volume often has the same process id as the one before it.
    const inUse = holder === process.pid ? openHere.has(dataDir) : holder > 0 && isProcessAlive(holder);
    if (Number.isInteger(holder) && inUse) {
      throw new Error(
        `the embedded database in ${dataDir} is in use by process ${holder}: stop it, or set DATA_DIR to another folder or DATABASE_URL to a PostgreSQL database`,
      );
    }
    // Left by a process that ended without closing the database.
    await rm(lockFile, { force: true });
  }
}

/** Whether a process of this machine runs with that id (one of another user's counts). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPglite(dataDir: string, dump: Blob | undefined): Promise<DatabaseHandle> {
  const inMemory = dataDir === IN_MEMORY_DATA_DIR;
  if (dump && !inMemory) throw new Error('a PGlite dump only starts an in-memory database');
  let unlock = async () => {};
  if (!inMemory) {
    await mkdir(dirname(dataDir), { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? { loadDataDir: dump } : { dataDir });
  } catch (error) {
    await unlock();
    throw error;
  }
  const db: Database = drizzlePglite({ client });
  return {
    db,
    driver: { kind: 'pglite', client, dataDir },
    ping: () => ping(db),
    close: async () => {
      if (!client.closed) await client.close();
      await unlock();
    },
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, Client: PreparingClient });
  // An idle connection dropped by the server must not crash the process; the pool opens a new one.
  pool.on('error', (error) => options.logger?.error({ err: error }, 'idle database connection failed'));
  const db: Database = drizzlePostgres({ client: pool });
  let closed = false;
  return {
    db,
    driver: { kind: 'postgres', pool, url },
    ping: () => ping(db),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
