import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testPostgresUrl, useTestDatabase } from '../test-support/test-database.ts';
import { createDatabase, queryRows } from './database.ts';
import { migrateDatabase } from './migrate.ts';
import { identityAccounts } from './schema/identity.ts';
import { users } from './schema/users.ts';

const database = useTestDatabase();
const at = new Date('2026-11-23T09:00:00.000Z');

const newUser = (email: string | null) => ({
  email,
  firstName: 'Ada',
  lastName: 'Lovelace',
  locale: 'fr',
  createdAt: at,
  updatedAt: at,
});

describe('the account database', () => {
  it('prepares a statement with parameters once per PostgreSQL connection; one without keeps the simple protocol', async () => {
    const { driver } = database.current;
    const text = 'select $1::int + 1 as next';
    if (driver.kind !== 'postgres') {
      // PGlite runs in this process: nothing to prepare over a connection.
      expect(await queryRows(database.current.db, sql`select ${41}::int + 1 as next`)).toEqual([
        { next: 42 },
      ]);
      return;
    }
    const client = await driver.pool.connect();
    try {
      expect((await client.query(text, [41])).rows).toEqual([{ next: 42 }]);
      expect((await client.query(text, [1])).rows).toEqual([{ next: 2 }]);
      const prepared = await client.query<{ statement: string }>(
        'select statement from pg_prepared_statements where statement = $1',
        [text],
      );
      expect(prepared.rows).toEqual([{ statement: text }]);
      // Several statements in one text (as migrations send them) are not prepared.
      await client.query('create temporary table several (n int); insert into several values (1)');
      expect((await client.query('select count(*)::int as n from several')).rows).toEqual([{ n: 1 }]);
    } finally {
      client.release();
    }
  });

  it('answers a ping once migrated, and migrating again changes nothing', async () => {
    const { db } = database.current;
    await expect(database.current.ping()).resolves.toBe(true);
    await migrateDatabase(database.current);
    expect(database.current.driver.kind).toBe(testPostgresUrl() ? 'postgres' : 'pglite');
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.map((row) => row.name)).toEqual([
      'authorization_attempts',
      'collect_slot_counters',
      'collect_slot_reservations',
      'demo_registry_cards',
      'demo_registry_loadings',
      'document_download_tokens',
      'document_events',
      'document_submission_documents',
      'document_submissions',
      'documents',
      'identities',
      'identity_accounts',
      'identity_sign_ins',
      'identity_signing_keys',
      'instalments',
      'invoice_counters',
      'invoices',
      'media_links',
      'one_time_codes',
      'order_events',
      'order_lines',
      'orders',
      'payment_events',
      'payments',
      'provider_sign_ins',
      'rate_limits',
      'refresh_tokens',
      'saved_payment_methods',
      'sessions',
      'sign_in_failures',
      'stored_files',
      'subscription_card_setups',
      'subscription_renewals',
      'subscriptions',
      'ticket_activations',
      'ticket_signing_keys',
      'ticket_transfers',
      'tickets',
      'trusted_devices',
      'users',
      'voucher_redemptions',
      'vouchers',
    ]);
  });

  it('keeps one account per email whatever its case, and any number without email', async () => {
    const { db } = database.current;
    await db.insert(users).values(newUser('Ada@Example.org'));
    await expect(db.insert(users).values(newUser('ada@example.ORG'))).rejects.toThrow();
    await db.insert(users).values([newUser(null), newUser(null)]);
  });

  it('gives every account its own ten-digit customer number and the documented defaults', async () => {
    const { db } = database.current;
    const [first, second] = await db
      .insert(users)
      .values([newUser('one@example.org'), newUser('two@example.org')])
      .returning();
    expect(first?.customerNumber).toMatch(/^\d{10}$/);
    expect(second?.customerNumber).toMatch(/^\d{10}$/);
    expect(second?.customerNumber).not.toBe(first?.customerNumber);
    expect(first).toMatchObject({
      status: 'ACTIVE',
      appearance: 'SYSTEM',
      dataSharingConsent: false,
      active: true,
      verifiedAt: null,
      parentUserId: null,
    });
  });

  it('removes the identity account with its user', async () => {
    const { db } = database.current;
    const [user] = await db.insert(users).values(newUser('gone@example.org')).returning();
    if (!user) throw new Error('no user');
    await db
      .insert(identityAccounts)
      .values({ userId: user.id, email: 'gone@example.org', createdAt: at, updatedAt: at });
    await db.delete(users).where(eq(users.id, user.id));
    const left = await db.select().from(identityAccounts).where(eq(identityAccounts.userId, user.id));
    expect(left).toEqual([]);
  });
});

describe('the embedded database in a folder', () => {
  it('keeps its data across restarts and keeps a second process out while open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ticket-pglite-'));
    const dataDir = join(dir, 'pgdata');
    try {
      const first = await createDatabase({ DATA_DIR: dataDir });
      await migrateDatabase(first);
      await first.db.insert(users).values(newUser('kept@example.org'));
      await expect(createDatabase({ DATA_DIR: dataDir })).rejects.toThrow(/in use by process/);
      await first.close();

      const again = await createDatabase({ DATA_DIR: dataDir });
      await migrateDatabase(again);
      const kept = await again.db.select().from(users);
      expect(kept.map((user) => user.email)).toEqual(['kept@example.org']);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // Two embedded databases opened in a folder and every migration run once: 10 s on a quiet
    // machine, three times that when the suites share two cores.
  }, 90_000);
});
