import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenants } from './load-tenants.ts';
import { copyDemoTenants } from './test-support/tenant-folders.ts';

const describeProblems = (problems: { file: string; field: string; message: string }[]) =>
  problems.map((p) => `${p.file} | ${p.field} | ${p.message}`);

describe('loading tenant files', () => {
  it('loads the three demo networks without problems', async () => {
    const { tenantsDir, themesDir } = await copyDemoTenants();
    const result = await loadTenants({ tenantsDir, themesDir });
    expect(result.problems).toEqual([]);
    expect(result.networks.map((n) => n.network.slug).sort()).toEqual(['lakeside', 'lumiere', 'wahat']);
    const wahat = result.networks.find((n) => n.network.slug === 'wahat');
    expect(wahat?.network.config.languages).toEqual(['ar', 'fr', 'en']);
    expect(wahat?.network.texts.ar?.homeTitle).toBeTruthy();
    expect(wahat?.network.legal.fr?.termsOfUse).toContain('<h2>');
    expect(result.globalAlerts.map((a) => a.id)).toEqual(['past-notice']);
  });

  it('reports every problem of every file at once, with file and field', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await editJson('tenants/lumiere/network.json', (n) => {
      n.theme = { id: 'no-such-theme' };
      const [first] = n.maintenanceAlerts as Record<string, unknown>[];
      if (first) first.displayBefore = '2026-11-01T00:00:00Z';
    });
    await editJson('tenants/wahat/network.json', (n) => {
      n.domains = ['lakeside.localhost'];
    });
    await editJson('tenants/lakeside/network.json', (n) => {
      n.theme = { id: 'harbour', overrides: { light: { primary: { main: '#12345' } } } };
    });
    await rm(join(tenantsDir, 'lumiere', 'texts', 'it.json'));
    await editJson('themes/oasis.json', (t) => {
      (t.colorSchemes as { dark: { text: { primary: string } } }).dark.text.primary = '#1a1a1a';
    });
    await mkdir(join(tenantsDir, 'copy'));
    await writeFile(join(tenantsDir, 'copy', 'network.json'), JSON.stringify({ id: 101, name: 'Copy' }));

    const result = await loadTenants({ tenantsDir, themesDir });
    const lines = describeProblems(result.problems);
    expect(lines).toEqual(
      expect.arrayContaining([
        'tenants/lumiere/network.json | theme.id | unknown theme "no-such-theme"',
        'tenants/lumiere/network.json | maintenanceAlerts.0.displayBefore | invalid alert window: displayBefore must be after displayAfter',
        expect.stringMatching(
          /^tenants\/lakeside\/network\.json \| theme\.overrides\.light\.primary\.main \| bad colour/,
        ),
        expect.stringMatching(/^tenants\/lumiere\/texts\/it\.json \| {2}\| missing locale text/),
        expect.stringMatching(
          /^themes\/oasis\.json \| colorSchemes\.dark \| text contrast .* text\.primary on background\.default/,
        ),
        'tenants/wahat/network.json | theme.id | theme "oasis" has problems',
        expect.stringMatching(/^tenants\/copy\/network\.json \| domains \| Invalid input/),
      ]),
    );
    expect(result.networks).toEqual([]);
    expect(result.invalidSlugs.sort()).toEqual(['copy', 'lakeside', 'lumiere', 'wahat']);
  });

  it('refuses the second network claiming a domain or an id already taken', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await editJson('tenants/wahat/network.json', (n) => {
      n.domains = ['lumiere.localhost'];
      n.id = 103;
    });
    const result = await loadTenants({ tenantsDir, themesDir });
    expect(describeProblems(result.problems)).toEqual([
      'tenants/wahat/network.json | id | id 103 is also used by lakeside',
      'tenants/wahat/network.json | domains.0 | domain lumiere.localhost is also used by lumiere',
    ]);
    expect(result.networks.map((n) => n.network.slug).sort()).toEqual(['lakeside', 'lumiere']);
  });

  it('reports a bad colour reference, a missing logo and a missing legal page', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await editJson('themes/harbour.json', (t) => {
      (t.colorSchemes as { light: { divider: string } }).light.divider = 'brand.950';
    });
    await rm(join(tenantsDir, 'wahat', 'logo.svg'));
    await rm(join(tenantsDir, 'wahat', 'legal', 'en', 'privacy-policy.html'));
    const lines = describeProblems((await loadTenants({ tenantsDir, themesDir })).problems);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^themes\/harbour\.json \| colorSchemes\.light\.divider \| bad colour/),
        'tenants/wahat/network.json | logo | logo file logo.svg is missing',
        'tenants/wahat/legal/en/privacy-policy.html |  | missing locale text: privacyPolicy for "en"',
      ]),
    );
  });

  it('reports a localized text missing for an offered language', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await editJson('tenants/lumiere/network.json', (n) => {
      delete (n.data as { globalMessage: Record<string, string> }).globalMessage.ar;
    });
    const lines = describeProblems((await loadTenants({ tenantsDir, themesDir })).problems);
    expect(lines).toEqual([
      'tenants/lumiere/network.json | data.globalMessage.ar | missing text for offered language "ar"',
    ]);
  });

  it('sanitises legal pages', async () => {
    const { tenantsDir, themesDir } = await copyDemoTenants();
    await writeFile(
      join(tenantsDir, 'lakeside', 'legal', 'en', 'terms-of-use.html'),
      '<h2 onclick="x()">Terms</h2><script>alert(1)</script><p><a href="javascript:alert(1)">bad</a> <a href="https://ok.example">ok</a><img src=x onerror=alert(1)></p>',
    );
    const result = await loadTenants({ tenantsDir, themesDir });
    const html =
      result.networks.find((n) => n.network.slug === 'lakeside')?.network.legal.en?.termsOfUse ?? '';
    expect(html).toContain('<h2>Terms</h2>');
    expect(html).toContain('<a href="https://ok.example" rel="noopener noreferrer">ok</a>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img/);
  });
});
