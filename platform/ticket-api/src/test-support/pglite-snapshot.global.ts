// Before the PGlite project's files run: one database migrated and dumped to a file, which every
// test file's in-memory PGlite starts from, instead of setting up and migrating an empty one of its
// own (seconds per file; decision 0042). The dump is made from the migrations of this run.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { IN_MEMORY_DATA_DIR } from '../env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding a migrated PGlite data directory, as PGlite's dumpDataDir writes it. */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'ticket-api-pglite-'));
  const file = join(folder, 'migrated.tar');
  const handle = await createDatabase({ DATA_DIR: IN_MEMORY_DATA_DIR });
  try {
    await migrateDatabase(handle);
    if (handle.driver.kind !== 'pglite') throw new Error('the snapshot is of an embedded database');
    const dump = await handle.driver.client.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => rm(folder, { recursive: true, force: true });
}
