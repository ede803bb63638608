import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vouchers } from '../../db/schema/vouchers.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { createVoucherFileSync } from './sync-voucher-files.ts';

const testApp = useTestApp();
let tenantsDir: string;

beforeAll(async () => {
  tenantsDir = await mkdtemp(join(tmpdir(), 'voucher-files-'));
  await mkdir(join(tenantsDir, 'lumiere'));
});
afterAll(() => rm(tenantsDir, { recursive: true, force: true }));

const CODES = Array.from({ length: 12 }, (_, index) => `TWINREPLICA${index}`);

const writeVouchers = (amount: number) =>
  writeFile(
    join(tenantsDir, 'lumiere', 'vouchers.json'),
    JSON.stringify({
      vouchers: CODES.map((code) => ({ code, label: { fr: 'Bon' }, type: 'AMOUNT', amount })),
    }),
  );

const lumiere = () => testApp.current.deps.networks.all().filter((n) => n.network.config.id === LUMIERE_ID);

const stored = () =>
  testApp.current.deps.db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.networkId, LUMIERE_ID), like(vouchers.code, 'TWINREPLICA%')));

describe('vouchers files synced by several ticket API replicas', () => {
  it('two replicas syncing the same edited file at once write each voucher once, at its latest value', async () => {
    const replica = () =>
      createVoucherFileSync({
        db: testApp.current.deps.db,
        clock: testApp.current.clock,
        tenantsDir,
        logger: testApp.current.deps.logger,
      });
    const [first, second] = [replica(), replica()];
    await writeVouchers(120);
    await Promise.all([first.sync(lumiere()), second.sync(lumiere())]);
    await writeVouchers(150);
    await Promise.all([first.sync(lumiere()), second.sync(lumiere())]);

    const rows = await stored();
    expect(rows.map((row) => row.code).sort()).toEqual([...CODES].sort());
    expect(new Set(rows.map((row) => row.value))).toEqual(new Set([150]));
    expect(rows.every((row) => row.active && row.uses === 0)).toBe(true);
  });

  it('writes nothing again for a file unchanged since this replica last wrote it', async () => {
    const sync = createVoucherFileSync({
      db: testApp.current.deps.db,
      clock: testApp.current.clock,
      tenantsDir,
      logger: testApp.current.deps.logger,
    });
    await writeVouchers(180);
    await sync.sync(lumiere());
    const written = (await stored())[0]?.updatedAt;
    testApp.current.clock.advance(60_000);
    await sync.sync(lumiere());
    expect((await stored())[0]?.updatedAt).toEqual(written);
  });
});
