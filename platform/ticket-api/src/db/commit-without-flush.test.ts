// A transaction committed without waiting for the disk: only it, its writes kept on success and
// undone on failure, and the connection back to waiting for the disk afterwards.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-support/test-database.ts';
import { commitWithoutFlush } from './commit-without-flush.ts';
import { type Database, queryRows } from './database.ts';

const database = useTestDatabase();

const synchronousCommit = async (db: Database) =>
  (await queryRows<{ value: string }>(db, sql`select current_setting('synchronous_commit') as value`))[0]
    ?.value;

const labels = async (db: Database) =>
  (await queryRows<{ label: string }>(db, sql`select label from commit_probes order by label`)).map(
    (row) => row.label,
  );

beforeAll(async () => {
  await database.current.db.execute(sql`create table commit_probes (label text primary key)`);
});

describe('commitWithoutFlush', () => {
  it('commits its writes without waiting for the disk, for its own transaction only', async () => {
    const { db } = database.current;
    const inside = await commitWithoutFlush(db, async (tx) => {
      await tx.execute(sql`insert into commit_probes values ('kept')`);
      return synchronousCommit(tx);
    });
    expect(inside).toBe('off');
    expect(await labels(db)).toEqual(['kept']);
    // Every connection of the pool is back to the server's setting.
    const after = await Promise.all(Array.from({ length: 4 }, () => synchronousCommit(db)));
    expect(after).toEqual(Array(4).fill('on'));
  });

  it('undoes its writes when its step fails', async () => {
    const { db } = database.current;
    await expect(
      commitWithoutFlush(db, async (tx) => {
        await tx.execute(sql`insert into commit_probes values ('undone')`);
        throw new Error('the step failed');
      }),
    ).rejects.toThrow('the step failed');
    expect(await labels(db)).not.toContain('undone');
  });
});
