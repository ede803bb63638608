import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyDemoTenants, repoRoot } from './test-support/tenant-folders.ts';

type Voucher = Record<string, unknown>;

function validate(tenantsDir: string, themesDir: string) {
  return spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(repoRoot, 'scripts', 'tenant-validate.ts'),
      '--tenants',
      tenantsDir,
      '--themes',
      themesDir,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
}

describe('tenant:validate and the vouchers files', () => {
  it('accepts the demo vouchers', async () => {
    const { tenantsDir, themesDir } = await copyDemoTenants();
    const run = validate(tenantsDir, themesDir);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('3 networks, 3 themes: no problems');
    expect(run.status).toBe(0);
  }, 30_000);

  it('prints every voucher problem with its file and field, names the network invalid and exits 1', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await editJson('tenants/wahat/vouchers.json', (file) => {
      const vouchers = file.vouchers as Voucher[];
      (vouchers[0] as Voucher).shopItemIds = [999_999];
      (vouchers[1] as Voucher).code = (vouchers[0] as Voucher).code;
    });
    await editJson('tenants/lakeside/vouchers.json', (file) => {
      ((file.vouchers as Voucher[])[0] as Voucher).type = 'HALF_PRICE';
    });
    const run = validate(tenantsDir, themesDir);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^tenants\/lakeside\/vouchers\.json: vouchers\.0\.type: /),
      'tenants/wahat/vouchers.json: vouchers.0.shopItemIds.0: no shop item 999999 in the catalogue',
      expect.stringMatching(
        /^tenants\/wahat\/vouchers\.json: vouchers\.1\.code: the code \S+ is also voucher 0/,
      ),
      '3 networks, 3 themes: 3 problems (invalid: lakeside, wahat)',
    ]);
    expect(run.status).toBe(1);
  }, 30_000);
});
