// The operator commands tenant:validate and tenant:new, run as an operator runs them.
import { spawnSync } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenants } from './load-tenants.ts';
import { copyDemoTenants, repoRoot } from './test-support/tenant-folders.ts';

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'scripts', script), ...args],
    { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, ...env } },
  );
  return { status: result.status, stdout: result.stdout, output: `${result.stdout}${result.stderr}` };
}

describe('tenant:validate', () => {
  it('exits 0 on the demo files and 1 with every problem of every file on a broken copy', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    const valid = run('tenant-validate.ts', ['--tenants', tenantsDir, '--themes', themesDir]);
    expect(valid.status).toBe(0);
    expect(valid.stdout.trim()).toBe('3 networks, 3 themes: no problems');

    await editJson('tenants/wahat/network.json', (n) => {
      n.domains = ['lumiere.localhost'];
    });
    await editJson('tenants/lakeside/network.json', (n) => {
      n.theme = { id: 'missing' };
    });
    await rm(join(tenantsDir, 'lumiere', 'texts', 'ar.json'));
    const broken = run('tenant-validate.ts', ['--tenants', tenantsDir, '--themes', themesDir]);
    expect(broken.status).toBe(1);
    expect(broken.stdout.trim().split('\n')).toEqual([
      'tenants/lakeside/network.json: theme.id: unknown theme "missing"',
      'tenants/lumiere/texts/ar.json: (file): missing locale text: file is missing (texts for "ar")',
      // wahat is otherwise valid, so it keeps the domain; the clash is reported on the broken network.
      'tenants/lumiere/network.json: domains.0: domain lumiere.localhost is also used by wahat',
      '3 networks, 3 themes: 3 problems (invalid: lakeside, lumiere)',
    ]);
  });

  it('reads TENANTS_DIR and THEMES_DIR when no flag is given', async () => {
    const { tenantsDir, themesDir } = await copyDemoTenants();
    await rm(join(themesDir, 'oasis.json'));
    const result = run('tenant-validate.ts', [], { TENANTS_DIR: tenantsDir, THEMES_DIR: themesDir });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('tenants/wahat/network.json: theme.id: unknown theme "oasis"');
    expect(result.stdout).toContain('3 networks, 2 themes: 1 problem');
  });
});

describe('tenant:new', () => {
  const args = (tenantsDir: string, themesDir: string) => [
    '--name',
    'Métro Nord',
    '--tenants',
    tenantsDir,
    '--themes',
    themesDir,
  ];

  it('scaffolds a network with every offered language that passes tenant:validate', async () => {
    const { tenantsDir, themesDir } = await copyDemoTenants();
    const created = run('tenant-new.ts', [
      'metro-nord',
      '--id',
      '250',
      '--domain',
      'nord.localhost',
      '--languages',
      'ar_MA,fr',
      '--currency',
      'mad',
      '--theme',
      'oasis',
      ...args(tenantsDir, themesDir),
    ]);
    expect(created.output).toContain('tenants/metro-nord created and valid');
    expect(created.stdout).toContain('4 networks, 3 themes: no problems');
    expect(created.status).toBe(0);

    const validated = run('tenant-validate.ts', ['--tenants', tenantsDir, '--themes', themesDir]);
    expect(validated.status).toBe(0);
    const loaded = (await loadTenants({ tenantsDir, themesDir })).networks.find(
      (n) => n.network.slug === 'metro-nord',
    );
    expect(loaded?.network.config).toMatchObject({
      id: 250,
      name: 'Métro Nord',
      domains: ['nord.localhost'],
      languages: ['ar', 'fr'],
      defaultLanguage: 'ar',
      currency: 'MAD',
      theme: { id: 'oasis' },
    });
    expect(loaded?.network.config.signingKey).toMatch(/^[0-9a-f]{32}$/);
    expect(loaded?.network.texts.ar?.tagline).toContain('TO REPLACE');
    expect(loaded?.network.legal.fr?.privacyPolicy).toContain('TO REPLACE');
    // A catalogue with one demo item a guest can buy at once (decision 0025).
    expect(loaded?.network.config.has_guest_orders).toBeGreaterThan(0);
    expect(loaded?.catalogue.categories.map((category) => category.id)).toEqual(['tickets']);
    expect(loaded?.catalogue.shopItems.map((item) => [item.tags, item.name.ar, item.name.fr])).toEqual([
      ['', 'TO REPLACE: single ticket (ar)', 'TO REPLACE: single ticket (fr)'],
    ]);
  });

  it('refuses a slug, an id or a domain already taken, and writes nothing', async () => {
    const { tenantsDir, themesDir } = await copyDemoTenants();
    const before = await readdir(tenantsDir);
    const attempt = (slug: string, id: string, domain: string) =>
      run('tenant-new.ts', [slug, '--id', id, '--domain', domain, ...args(tenantsDir, themesDir)]);

    const slugTaken = attempt('wahat', '300', 'new.localhost');
    expect(slugTaken.status).toBe(1);
    expect(slugTaken.output).toContain('tenants/wahat already exists');
    const idTaken = attempt('metro-sud', '101', 'sud.localhost');
    expect(idTaken.status).toBe(1);
    expect(idTaken.output).toContain('id 101 is already used by lumiere');
    const domainTaken = attempt('metro-sud', '301', 'Shop.Wahat-Metro.example');
    expect(domainTaken.status).toBe(1);
    expect(domainTaken.output).toContain('domain shop.wahat-metro.example is already used by wahat');
    const badDomain = attempt('metro-sud', '301', 'not a host');
    expect(badDomain.output).toContain('domain "not a host": a host name');
    const missing = run('tenant-new.ts', ['metro-sud', '--tenants', tenantsDir]);
    expect(missing.status).toBe(1);
    expect(missing.output).toContain('usage: npm run tenant:new');

    expect(await readdir(tenantsDir)).toEqual(before);
    expect(await readFile(join(tenantsDir, 'wahat', 'network.json'), 'utf8')).toContain('"id": 102');
  });
});
