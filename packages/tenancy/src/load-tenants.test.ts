import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenants } from './load-tenants.ts';
import { copyDemoTenants, generateTenants, writeNetwork } from './test-support/tenant-folders.ts';
import type { Problem } from './types.ts';

const lines = (problems: Problem[]) => problems.map((p) => `${p.file} | ${p.field} | ${p.message}`);

type Alert = Record<string, unknown>;

describe('loading tenant files', () => {
  it('loads the three demo networks without problems', async () => {
    const { tenantsDir, themesDir } = await copyDemoTenants();
    const result = await loadTenants({ tenantsDir, themesDir });
    expect(result.problems).toEqual([]);
    expect(result.invalidSlugs).toEqual([]);
    expect(result.themeCount).toBe(3);
    expect(result.networks.map((n) => n.network.slug)).toEqual(['lakeside', 'lumiere', 'wahat']);
    const wahat = result.networks.find((n) => n.network.slug === 'wahat');
    expect(wahat?.network.config.languages).toEqual(['ar', 'fr', 'en']);
    expect(wahat?.network.config.currency).toBe('MAD');
    expect(wahat?.network.texts.ar?.homeTitle).toBeTruthy();
    expect(wahat?.network.legal.fr?.termsOfUse).toContain('<h2>');
    expect(wahat?.logoPath).toBe(join(tenantsDir, 'wahat', 'logo.svg'));
    expect(wahat?.files).toContain(join(tenantsDir, 'wahat', 'legal', 'ar', 'privacy-policy.html'));
    expect(wahat?.theme.colorSchemes.dark.primary.main).toMatch(/^#[0-9a-f]{6}$/);
    expect(result.globalAlerts.map((a) => a.id)).toEqual(['past-notice']);
  });

  it('reports every problem of every file at once, each with its file and field', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await editJson('tenants/lumiere/network.json', (n) => {
      n.theme = { id: 'no-such-theme' };
      const [winter, order] = n.maintenanceAlerts as Alert[];
      if (winter) winter.displayBefore = '2026-11-01T00:00:00Z';
      if (order) {
        order.id = 'winter-works';
        delete (order.message as Record<string, string>).it;
      }
      delete (n.data as { globalMessage: Record<string, string> }).globalMessage.ar;
      (n.authenticationProviders as Alert[]).forEach((provider) => {
        provider.isDefault = true;
      });
    });
    await rm(join(tenantsDir, 'lumiere', 'texts', 'it.json'));
    await rm(join(tenantsDir, 'lumiere', 'legal', 'es', 'privacy-policy.html'));
    await editJson('tenants/wahat/network.json', (n) => {
      n.domains = ['wahat.localhost', 'lumiere.localhost'];
      n.logo = 'missing-logo.svg';
    });
    await editJson('tenants/lakeside/network.json', (n) => {
      n.theme = { id: 'harbour', overrides: { light: { primary: { main: '#12345' } } } };
    });
    await editJson('themes/oasis.json', (t) => {
      (t.colorSchemes as { dark: { text: { primary: string } } }).dark.text.primary = '#1a1a1a';
    });
    await mkdir(join(tenantsDir, 'copy'));
    await writeFile(join(tenantsDir, 'copy', 'network.json'), JSON.stringify({ id: 101, name: 'Copy' }));
    await editJson('tenants/global-alerts.json', (g) => {
      const [past] = g.alerts as Alert[];
      if (past) past.displayAfter = '2026-02-01T00:00:00Z';
    });

    const result = await loadTenants({ tenantsDir, themesDir });
    expect(lines(result.problems)).toEqual(
      expect.arrayContaining([
        // unknown theme, invalid alert window, duplicate alert id, missing localized texts
        'tenants/lumiere/network.json | theme.id | unknown theme "no-such-theme"',
        'tenants/lumiere/network.json | maintenanceAlerts.0.displayBefore | invalid alert window: displayBefore must be after displayAfter',
        'tenants/lumiere/network.json | maintenanceAlerts.1.id | duplicate alert id "winter-works"',
        'tenants/lumiere/network.json | maintenanceAlerts.1.message.it | missing locale text: no text for offered language "it"',
        'tenants/lumiere/network.json | data.globalMessage.ar | missing locale text: no text for offered language "ar"',
        'tenants/lumiere/network.json | authenticationProviders | at most one default provider',
        // missing texts file and legal page
        'tenants/lumiere/texts/it.json |  | missing locale text: file is missing (texts for "it")',
        'tenants/lumiere/legal/es/privacy-policy.html |  | missing locale text: file is missing (privacyPolicy for "es")',
        // duplicate domain, missing logo
        'tenants/wahat/network.json | domains.1 | domain lumiere.localhost is also used by lumiere',
        'tenants/wahat/network.json | logo | logo file missing-logo.svg is missing',
        // a network on a failing theme
        'tenants/wahat/network.json | theme.id | theme "oasis" has problems',
        // bad colour in an override
        expect.stringMatching(
          /^tenants\/lakeside\/network\.json \| theme\.overrides\.light\.primary\.main \| bad colour/,
        ),
        // contrast failure of a theme, in the dark scheme
        expect.stringMatching(
          /^themes\/oasis\.json \| colorSchemes\.dark\.text\.primary \| text contrast 1\.\d+:1 of text\.primary on background\.default is below WCAG AA 4\.5:1$/,
        ),
        // schema problems: every missing field of a file, not only the first
        expect.stringMatching(/^tenants\/copy\/network\.json \| domains \| Invalid input/),
        expect.stringMatching(/^tenants\/copy\/network\.json \| signingKey \| Invalid input/),
        // invalid window of a global alert
        'tenants/global-alerts.json | alerts.0.displayBefore | invalid alert window: displayBefore must be after displayAfter',
      ]),
    );
    expect(result.networks).toEqual([]);
    expect(result.invalidSlugs).toEqual(['copy', 'lakeside', 'lumiere', 'wahat']);
    expect(result.globalAlerts).toEqual([]);
  });

  it('refuses the later network claiming an id or a domain already taken, and keeps the first', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await editJson('tenants/wahat/network.json', (n) => {
      n.domains = ['lumiere.localhost'];
      n.id = 103;
    });
    const result = await loadTenants({ tenantsDir, themesDir });
    expect(lines(result.problems)).toEqual([
      'tenants/wahat/network.json | id | id 103 is also used by lakeside',
      'tenants/wahat/network.json | domains.0 | domain lumiere.localhost is also used by lumiere',
    ]);
    expect(result.networks.map((n) => n.network.slug)).toEqual(['lakeside', 'lumiere']);
    expect(result.invalidSlugs).toEqual(['wahat']);
  });

  it('reports a broken copy of a network, not the network being served', async () => {
    const { tenantsDir, themesDir } = await copyDemoTenants();
    // "aaa" sorts first, but it has problems of its own: the valid network keeps its claims.
    await writeNetwork(tenantsDir, 'aaa', { id: 101, domains: ['lumiere.localhost'], logo: 'none.svg' });
    const result = await loadTenants({ tenantsDir, themesDir });
    expect(lines(result.problems)).toEqual([
      'tenants/aaa/network.json | logo | logo file none.svg is missing',
      'tenants/aaa/network.json | id | id 101 is also used by lumiere',
      'tenants/aaa/network.json | domains.0 | domain lumiere.localhost is also used by lumiere',
    ]);
    expect(result.networks.map((n) => n.network.slug)).toEqual(['lakeside', 'lumiere', 'wahat']);
  });

  it('reports a bad colour reference in a theme and the networks using it', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await editJson('themes/harbour.json', (t) => {
      (t.colorSchemes as { light: { divider: string } }).light.divider = 'sea.500';
    });
    expect(lines((await loadTenants({ tenantsDir, themesDir })).problems)).toEqual([
      'themes/harbour.json | colorSchemes.light.divider | bad colour: unknown scale step',
      'tenants/lakeside/network.json | theme.id | theme "harbour" has problems',
    ]);
  });

  it('reports contrast broken by a network override against the network, not the theme', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await editJson('tenants/lumiere/network.json', (n) => {
      n.theme = { id: 'lumiere', overrides: { light: { header: { text: 'brand.600' } } } };
    });
    const result = await loadTenants({ tenantsDir, themesDir });
    expect(lines(result.problems)).toEqual([
      expect.stringMatching(
        /^tenants\/lumiere\/network\.json \| theme\.overrides\.light\.header\.text \| text contrast .* of header\.text on header\.background/,
      ),
    ]);
    expect(result.invalidSlugs).toEqual(['lumiere']);
  });

  it('reports a legal page that is empty once sanitised and a texts file with a wrong field', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await writeFile(join(tenantsDir, 'wahat', 'legal', 'en', 'terms-of-use.html'), '<script>x()</script>');
    await editJson('tenants/wahat/texts/fr.json', (t) => {
      t.slogan = t.tagline;
      delete t.tagline;
    });
    expect(lines((await loadTenants({ tenantsDir, themesDir })).problems)).toEqual([
      'tenants/wahat/texts/fr.json | tagline | Invalid input: expected string, received undefined',
      'tenants/wahat/texts/fr.json |  | Unrecognized key: "slogan"',
      'tenants/wahat/legal/en/terms-of-use.html |  | missing locale text: no content left after sanitising (termsOfUse for "en")',
    ]);
  });

  it('reports a file that is not JSON and a global alert missing a language some network offers', async () => {
    const { tenantsDir, themesDir, editJson } = await copyDemoTenants();
    await writeFile(join(tenantsDir, 'lakeside', 'network.json'), '{ "id": 103,');
    await editJson('tenants/global-alerts.json', (g) => {
      const [past] = g.alerts as { message: Record<string, string> }[];
      if (past) delete past.message.ar;
    });
    const problems = lines((await loadTenants({ tenantsDir, themesDir })).problems);
    expect(problems).toEqual([
      expect.stringMatching(/^tenants\/lakeside\/network\.json \| {2}\| not valid JSON/),
      'tenants/global-alerts.json | alerts.0.message.ar | missing locale text: no text for offered language "ar"',
    ]);
  });

  it('ignores folders starting with "_" or "." and works without a global alerts file', async () => {
    const { tenantsDir, themesDir } = await copyDemoTenants();
    await mkdir(join(tenantsDir, '_template'));
    await mkdir(join(tenantsDir, '.trash'));
    await writeFile(join(tenantsDir, '_template', 'network.json'), '{}');
    await rm(join(tenantsDir, 'global-alerts.json'));
    const result = await loadTenants({ tenantsDir, themesDir });
    expect(result.problems).toEqual([]);
    expect(result.networks).toHaveLength(3);
    expect(result.globalAlerts).toEqual([]);
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

  it('loads 1,000 networks', async () => {
    const { tenantsDir, themesDir } = await generateTenants(1000);
    const result = await loadTenants({ tenantsDir, themesDir });
    expect(result.problems).toEqual([]);
    expect(result.networks).toHaveLength(1000);
    expect(result.networks.every((n) => n.theme.id === 'lumiere')).toBe(true);
  });
});
