import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { useTestDatabase } from '../test-support/test-database.ts';
import {
  builtOnce,
  builtOncePerShape,
  placeholderRow,
  placeholderValue,
  SHAPES_KEPT,
  type Values,
} from './built-once.ts';

const database = useTestDatabase();

/** A table of this file only: a text, a date, a JSON value and a number, each nullable. */
const probes = pgTable('built_once_probes', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }),
  details: jsonb('details').$type<{ stops: string[] }>(),
  count: integer('count'),
});

beforeAll(async () => {
  await database.current.db.execute(
    sql`create table built_once_probes (id serial primary key, label text not null, seen_at timestamptz, details jsonb, count integer)`,
  );
});

let builds = 0;
const probeByLabel = builtOnce('test-probe-by-label', (db) => {
  builds += 1;
  return db
    .select()
    .from(probes)
    .where(eq(probes.label, sql.placeholder('label')));
});
const renameProbe = builtOnce('test-rename-probe', (db) =>
  db
    .update(probes)
    .set({ label: placeholderValue<string>('to'), seenAt: placeholderValue<Date>('seenAt') })
    .where(eq(probes.label, sql.placeholder('from')))
    .returning({ id: probes.id }),
);
const insertProbes = builtOncePerShape<{ id: number }[]>('test-insert-probes');

/** Inserts the rows through one statement built for their shape. */
async function insert(db: typeof database.current.db, rows: (typeof probes.$inferInsert)[]) {
  const values: Values = {};
  const placed = rows.map((row, index) => placeholderRow(`r${index}_`, row, values));
  const shape = placed.map((row) => row.shape).join('');
  return insertProbes(
    db,
    shape,
    () =>
      db
        .insert(probes)
        .values(placed.map((row) => row.row))
        .returning({ id: probes.id }),
    values,
  );
}

describe('statements built once', () => {
  it('builds a statement at its first run only and binds each run its own values', async () => {
    const { db } = database.current;
    await db.insert(probes).values([{ label: 'tram' }, { label: 'bus' }]);
    expect((await probeByLabel(db, { label: 'tram' })).map((row) => row.label)).toEqual(['tram']);
    expect((await probeByLabel(db, { label: 'bus' })).map((row) => row.label)).toEqual(['bus']);
    expect(await probeByLabel(db, { label: 'ferry' })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('runs on the transaction it is given: it sees the transaction’s rows, and a rollback undoes its writes', async () => {
    const { db } = database.current;
    await db.insert(probes).values({ label: 'metro' });
    const rollback = new Error('rolled back');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(probes).values({ label: 'cable car' });
        expect(await probeByLabel(tx, { label: 'cable car' })).toHaveLength(1);
        // Only the transaction's connection sees its uncommitted row. (PGlite has one connection:
        // the database waits for the transaction's end, and only PostgreSQL can be asked meanwhile.)
        if (database.current.driver.kind === 'postgres')
          expect(await probeByLabel(db, { label: 'cable car' })).toEqual([]);
        expect(await renameProbe(tx, { from: 'metro', to: 'subway', seenAt: new Date() })).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await probeByLabel(db, { label: 'cable car' })).toEqual([]);
    expect(await probeByLabel(db, { label: 'subway' })).toEqual([]);
    expect(await probeByLabel(db, { label: 'metro' })).toHaveLength(1);
  });

  it('encodes placeholder values as their columns do: a date, a JSON value; a null stays SQL’s null', async () => {
    const { db } = database.current;
    const seenAt = new Date('2026-11-23T09:30:00.000Z');
    const [first, second] = await insert(db, [
      { label: 'night bus', seenAt, details: { stops: ['Quai', 'Gare'] }, count: 3 },
      { label: 'night tram', seenAt: null, details: null, count: null },
    ]);
    expect(await probeByLabel(db, { label: 'night bus' })).toEqual([
      { id: first?.id, label: 'night bus', seenAt, details: { stops: ['Quai', 'Gare'] }, count: 3 },
    ]);
    expect(await probeByLabel(db, { label: 'night tram' })).toEqual([
      { id: second?.id, label: 'night tram', seenAt: null, details: null, count: null },
    ]);
    const [nulls] = await queryRows<{ details_is_null: boolean }>(
      db,
      sql`select details is null as details_is_null from built_once_probes where label = 'night tram'`,
    );
    expect(nulls?.details_is_null).toBe(true);
    const renamed = new Date('2026-11-24T07:00:00.000Z');
    await renameProbe(db, { from: 'night tram', to: 'early tram', seenAt: renamed });
    expect((await probeByLabel(db, { label: 'early tram' }))[0]?.seenAt).toEqual(renamed);
  });

  it('builds one statement per shape: other row counts and other nulls are written as given', async () => {
    const { db } = database.current;
    await insert(db, [{ label: 'shape one', count: 1 }]);
    await insert(db, [{ label: 'shape two', count: null }]);
    await insert(db, [
      { label: 'shape three', count: 3 },
      { label: 'shape four', details: { stops: ['Port'] } },
    ]);
    await insert(db, [{ label: 'shape five', count: 5 }]);
    const rows = await db
      .select({ label: probes.label, count: probes.count, details: probes.details })
      .from(probes)
      .where(sql`${probes.label} like 'shape %'`)
      .orderBy(probes.id);
    expect(rows).toEqual([
      { label: 'shape one', count: 1, details: null },
      { label: 'shape two', count: null, details: null },
      { label: 'shape three', count: 3, details: null },
      { label: 'shape four', count: null, details: { stops: ['Port'] } },
      { label: 'shape five', count: 5, details: null },
    ]);
  });

  it('keeps a bounded number of shapes per statement; the ones past it are built at each run', async () => {
    const { db, driver } = database.current;
    const counts = Array.from({ length: SHAPES_KEPT + 5 }, (_, index) => index + 1);
    await db.transaction(async (tx) => {
      for (const count of counts)
        await insert(
          tx,
          Array.from({ length: count }, (_, index) => ({ label: `many ${count}.${index}` })),
        );
      // On PostgreSQL a kept shape is a statement named on the connection (this transaction's).
      if (driver.kind === 'postgres') {
        const [named] = await queryRows<{ count: number }>(
          tx,
          sql`select count(*)::int as count from pg_prepared_statements where name like 'test-insert-probes#%'`,
        );
        expect(named?.count).toBe(SHAPES_KEPT);
      }
    });
    const [written] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from built_once_probes where label like 'many %'`,
    );
    expect(written?.count).toBe(counts.reduce((sum, count) => sum + count, 0));
  });

  it('refuses two statements of one name', () => {
    expect(() => builtOnce('test-probe-by-label', (db) => db.select().from(probes))).toThrow(
      'two statements are named test-probe-by-label',
    );
  });
});
