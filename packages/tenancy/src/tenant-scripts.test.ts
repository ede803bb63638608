// The operator commands tenant:validate and tenant:new, run as an operator runs them.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyDemoTenants, repoRoot } from './test-support/tenant-folders.ts';

function run(script: string, args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'scripts', script), ...args],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('tenant:validate', () => {
  it('exits 0 on the demo files and 1 with every problem on a broken copy', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    const valid = run('tenant-validate.ts', ['--tenants', tenantsDir, '--themes', themesDir]);
    expect(valid.status).toBe(0);
    expect(valid.output).toContain('3 networks, 3 themes: no problems');

    await editJson('tenants/wahat/network.json', (n) => {
      n.domains = ['lumiere.localhost'];
    });
    await editJson('tenants/lakeside/network.json', (n) => {
      n.theme = { id: 'missing' };
    });
    const broken = run('tenant-validate.ts', ['--tenants', tenantsDir, '--themes', themesDir]);
    expect(broken.status).toBe(1);
    expect(broken.output).toContain(
      'tenants/wahat/network.json: domains.0: domain lumiere.localhost is also used by lumiere',
    );
    expect(broken.output).toContain('tenants/lakeside/network.json: theme.id: unknown theme "missing"');
    expect(broken.output).toContain('2 problems');
  });
});

describe('tenant:new', () => {
  it('scaffolds a network that passes validation and refuses a taken id', async () => {
    const { tenantsDir, themesDir } = await copyDemoTenants();
    const args = [
      '--name',
      'Metro Nord',
      '--domain',
      'nord.localhost',
      '--languages',
      'fr,ar',
      '--tenants',
      tenantsDir,
      '--themes',
      themesDir,
    ];
    const created = run('tenant-new.ts', ['metro-nord', '--id', '250', ...args]);
    expect(created.output).toContain('tenants/metro-nord created and valid');
    expect(created.status).toBe(0);
    expect(run('tenant-validate.ts', ['--tenants', tenantsDir, '--themes', themesDir]).output).toContain(
      '4 networks',
    );

    const taken = run('tenant-new.ts', [
      'metro-sud',
      '--id',
      '101',
      ...args.map((a) => (a === 'nord.localhost' ? 'sud.localhost' : a)),
    ]);
    expect(taken.status).toBe(1);
    expect(taken.output).toContain('id 101 is already used by lumiere');
  });
});
