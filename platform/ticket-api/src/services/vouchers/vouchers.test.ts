import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  readVoucherFiles,
  type VoucherDefinition,
  voucherDefinitionSchema,
} from '@transit-shop/tenancy/vouchers-file';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vouchers } from '../../db/schema/vouchers.ts';
import { DEFAULT_DIRS } from '../../env.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { syncNetworkVouchers } from './sync-vouchers.ts';

const testApp = useTestApp();
const TEST_NETWORK = 7_001;

const definition = (fields: Record<string, unknown>): VoucherDefinition =>
  voucherDefinitionSchema.parse({
    label: { fr: 'Bon' },
    ...(fields.type ? {} : { type: 'AMOUNT', amount: 100 }),
    ...fields,
  });

describe('tenants/<slug>/vouchers.json', () => {
  it('the demo networks each hold vouchers of every discount type, with codes of at least 4 characters', async () => {
    const { vouchers: read, problems } = await readVoucherFiles({
      tenantsDir: DEFAULT_DIRS.tenants,
      networks: testApp.current.deps.networks.all(),
    });
    expect(problems).toEqual([]);
    for (const network of testApp.current.deps.networks.all()) {
      const own = read.get(network.network.config.id) ?? [];
      expect(new Set(own.map((voucher) => voucher.type)), network.network.slug).toEqual(
        new Set(['AMOUNT', 'RATIO', 'ARTICLE_AMOUNT', 'ARTICLE_RATIO', 'GIFT']),
      );
      for (const voucher of own) expect(voucher.code.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('reports a file that breaks the schema or names what the catalogue lacks, and leaves its network out', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vouchers-'));
    try {
      const [lumiere, wahat] = testApp.current.deps.networks.all();
      if (!lumiere || !wahat) throw new Error('the demo networks are missing');
      await mkdir(join(dir, lumiere.network.slug));
      await mkdir(join(dir, wahat.network.slug));
      await writeFile(
        join(dir, lumiere.network.slug, 'vouchers.json'),
        JSON.stringify({
          vouchers: [
            { code: 'SAME1', label: { fr: 'A' }, type: 'AMOUNT', amount: 100, shopItemIds: [424242] },
            { code: 'same1', label: { fr: 'B' }, type: 'RATIO', percent: 10 },
          ],
        }),
      );
      await writeFile(
        join(dir, wahat.network.slug, 'vouchers.json'),
        JSON.stringify({ vouchers: [{ code: 'ABC', label: {}, type: 'RATIO', percent: 12.345 }] }),
      );
      const { vouchers: read, problems } = await readVoucherFiles({
        tenantsDir: dir,
        networks: [lumiere, wahat],
      });
      expect(read.size).toBe(0);
      expect(problems.map((problem) => `${problem.file} ${problem.field}`).sort()).toEqual(
        [
          `tenants/${lumiere.network.slug}/vouchers.json vouchers.0.shopItemIds.0`,
          `tenants/${lumiere.network.slug}/vouchers.json vouchers.1.code`,
          `tenants/${wahat.network.slug}/vouchers.json vouchers.0.code`,
          `tenants/${wahat.network.slug}/vouchers.json vouchers.0.label`,
          `tenants/${wahat.network.slug}/vouchers.json vouchers.0.percent`,
        ].sort(),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('syncs a file into the database: changes applied, uses kept, a voucher gone from the file switched off', async () => {
    const { db } = testApp.current.deps;
    const clock = testApp.current.clock;
    await syncNetworkVouchers({
      db,
      clock,
      networkId: TEST_NETWORK,
      vouchers: [definition({ code: 'keep1', maxUses: 10 }), definition({ code: 'DROP1' })],
    });
    await db.update(vouchers).set({ uses: 4 }).where(eq(vouchers.networkId, TEST_NETWORK));
    await syncNetworkVouchers({
      db,
      clock,
      networkId: TEST_NETWORK,
      vouchers: [definition({ code: 'KEEP1', type: 'RATIO', percent: 12.5, maxUses: 20 })],
    });
    const rows = await db.select().from(vouchers).where(eq(vouchers.networkId, TEST_NETWORK));
    expect(
      rows
        .map((row) => [row.code, row.type, row.value, row.maxUses, row.uses, row.active])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['DROP1', 'AMOUNT', 100, null, 4, false],
      ['KEEP1', 'RATIO', 1250, 20, 4, true],
    ]);
    // Another network's vouchers are untouched.
    const lumiere = await db.select().from(vouchers).where(eq(vouchers.networkId, LUMIERE_ID));
    expect(lumiere.filter((row) => row.active).length).toBeGreaterThan(4);
  });
});
