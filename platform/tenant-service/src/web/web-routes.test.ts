import { rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { bootstrapSchema } from '@transit-shop/tenancy';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFixture, INDEX_TEMPLATE, LOGO_SVG, removeFixture } from '../test-support/fixtures.ts';
import { bootstrapOf, htmlTagOf, themeColorsOf } from '../test-support/html.ts';
import { ERROR, startService, useFixtureService } from '../test-support/service.ts';
import { REPOSITORY_ROOT } from '../test-support/ticket-api-process.ts';

const fixture = useFixtureService();

const page = async (host: string, path: string, cookie?: string) => {
  const response = await fixture.service.get(host, path, cookie ? { cookie } : {});
  return { response, html: await response.text() };
};

describe('index.html filled for the network', () => {
  it('THEME-03 inlines a valid bootstrap with the network, its theme tokens and the texts of the locale', async () => {
    const { response, html } = await page('alpha.localhost', '/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const bootstrap = bootstrapOf(html);
    expect(bootstrap).toMatchObject({
      network: {
        id: 201,
        slug: 'alpha',
        name: 'Alpha Transit',
        logoUrl: '/tenant/logo',
        defaultLanguage: 'fr',
      },
      locale: 'fr',
      direction: 'ltr',
      appearance: 'SYSTEM',
      texts: { tagline: 'Alpha Transit tagline fr' },
      apiBase: '/api',
      alertSources: '/alerts',
      buildId: 'build-42',
    });
    expect(bootstrap.network.configuration).toMatchObject({ id: 201, languages: ['fr', 'en', 'ar'] });
    expect(bootstrap.theme.colorSchemes.light.primary.main).toBe('#0b4f9c');
    // The page learns which providers there are, never their issuers, clients or secret variables.
    expect(bootstrap.network.authenticationProviders.map((provider) => Object.keys(provider).sort())).toEqual(
      [
        ['driver', 'id', 'isDefault', 'name'],
        ['driver', 'id', 'isDefault', 'name'],
      ],
    );
    expect(bootstrap.initialAlerts.map((alert) => alert.id)).toEqual([
      'global-news',
      'global-order',
      'global-past',
      'works',
      'orders-slow',
      'papers',
    ]);
  });

  it('THEME-03 sets title, description, favicon, theme colours and the prepaint header before any script', async () => {
    const { html } = await page('alpha.localhost', '/en/cart');
    expect(html).toContain('<title>Alpha Transit</title>');
    expect(html).toContain('<meta name="description" content="Alpha Transit tagline en">');
    expect(html).toContain('<link rel="icon" href="/tenant/logo">');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(themeColorsOf(html)).toEqual([
      '<meta name="theme-color" content="#0b4f9c" media="(prefers-color-scheme: light)">',
      '<meta name="theme-color" content="#0d1b2a" media="(prefers-color-scheme: dark)">',
    ]);
    expect(html).toMatch(
      /<style id="network-tokens">[\s\S]*:root\{--net-bg:#ffffff;[\s\S]*--net-primary:#0b4f9c/,
    );
    expect(html).toContain('[data-color-scheme="dark"]{color-scheme:dark;--net-bg:#121212');
    expect(html).toContain(
      '@media (prefers-color-scheme: dark){:root:not([data-color-scheme="light"]){--net-bg:#121212',
    );
    // On a phone the name wraps in a smaller type, as in the React header.
    expect(html).toContain(
      '@media (max-width:599.95px){.prepaint-header{height:auto;min-height:64px}' +
        '.prepaint-name{font-size:1rem;line-height:1.2;padding:4px 0;overflow-wrap:break-word}}',
    );
    expect(html).toContain(
      '<div id="root"><header class="prepaint-header"><img src="/tenant/logo" alt="" width="40" height="40">' +
        '<span class="prepaint-name">Alpha Transit</span></header></div>',
    );
    // The head is filled before the app's script tag, so the first paint is already branded.
    expect(html.indexOf('network-bootstrap')).toBeLessThan(html.indexOf('/assets/index-4f2a9c.js'));
    expect(htmlTagOf(html)).toBe('<html lang="en" dir="ltr">');
    expect(bootstrapOf(html).locale).toBe('en');
  });

  it('I18N-04 an Arabic page is right to left', async () => {
    const { html } = await page('alpha.localhost', '/ar/');
    expect(htmlTagOf(html)).toBe('<html lang="ar" dir="rtl">');
    expect(bootstrapOf(html)).toMatchObject({
      locale: 'ar',
      direction: 'rtl',
      texts: { tagline: 'Alpha Transit tagline ar' },
    });
  });

  it('THEME-01 the theme cookie sets data-color-scheme and a single theme colour; anything else is SYSTEM', async () => {
    const dark = await page('alpha.localhost', '/', 'locale=fr; theme=DARK');
    expect(htmlTagOf(dark.html)).toBe('<html lang="fr" dir="ltr" data-color-scheme="dark">');
    expect(themeColorsOf(dark.html)).toEqual(['<meta name="theme-color" content="#0d1b2a">']);
    expect(bootstrapOf(dark.html).appearance).toBe('DARK');

    const light = await page('alpha.localhost', '/', 'theme=LIGHT');
    expect(htmlTagOf(light.html)).toBe('<html lang="fr" dir="ltr" data-color-scheme="light">');
    expect(themeColorsOf(light.html)).toEqual(['<meta name="theme-color" content="#0b4f9c">']);

    for (const cookie of ['theme=SYSTEM', 'theme=PURPLE', 'other=DARK']) {
      const system = await page('alpha.localhost', '/', cookie);
      expect(htmlTagOf(system.html), cookie).toBe('<html lang="fr" dir="ltr">');
      expect(themeColorsOf(system.html)).toHaveLength(2);
      expect(bootstrapOf(system.html).appearance).toBe('SYSTEM');
    }
  });

  it('escapes network texts in HTML and keeps the bootstrap block closed', async () => {
    const { html } = await page('gamma.localhost', '/fr/cart');
    expect(html).toContain('<title>Gamma &amp; &quot;Sons&quot; &lt;Metro&gt;</title>');
    expect(html).not.toContain('<script>alert(1)</script>');
    const bootstrap = bootstrapOf(html);
    expect(bootstrap.network.name).toBe('Gamma & "Sons" <Metro>');
    expect(bootstrap.texts.tagline).toBe('Un </script><script>alert(1)</script> slogan');
    expect(bootstrapSchema.safeParse(bootstrap).success).toBe(true);
  });

  it('serves every network its own page from the same build', async () => {
    const alpha = bootstrapOf((await page('alpha.localhost', '/')).html);
    const beta = bootstrapOf((await page('beta.localhost', '/en/')).html);
    expect([alpha.network.slug, beta.network.slug]).toEqual(['alpha', 'beta']);
    expect(beta).toMatchObject({ locale: 'en', network: { currency: 'CHF', languages: ['en', 'it'] } });
  });
});

describe('locale redirects (decision 0023)', () => {
  const redirect = async (host: string, path: string, cookie?: string) => {
    const response = await fixture.service.get(host, path, cookie ? { cookie } : {});
    return [response.status, response.headers.get('location')];
  };

  it('ROUTE-01 a prefix the network does not offer goes to its default language, keeping the query', async () => {
    expect(await redirect('beta.localhost', '/ar/cart?step=2')).toEqual([302, '/en/cart?step=2']);
    expect(await redirect('alpha.localhost', '/es/legal')).toEqual([302, '/legal']);
  });

  it('I18N-01 / follows the locale cookie when it names another offered language', async () => {
    expect(await redirect('alpha.localhost', '/', 'locale=en')).toEqual([302, '/en/']);
    expect(await redirect('alpha.localhost', '/', 'locale=es')).toEqual([200, null]);
    expect(await redirect('alpha.localhost', '/', 'locale=fr')).toEqual([200, null]);
    expect(await redirect('alpha.localhost', '/cart', 'locale=en')).toEqual([200, null]);
  });

  it("/ goes to the network's default language when it is not French, or to the cookie's language", async () => {
    expect(await redirect('gamma.localhost', '/')).toEqual([302, '/ar/']);
    expect(await redirect('gamma.localhost', '/', 'locale=fr')).toEqual([302, '/fr/']);
  });

  it('an unprefixed path on a network whose default language is not French goes under its prefix', async () => {
    expect(await redirect('gamma.localhost', '/cart?step=2')).toEqual([302, '/ar/cart?step=2']);
    expect(await redirect('beta.localhost', '/')).toEqual([302, '/en/']);
    expect(await redirect('beta.localhost', '/account/orders')).toEqual([302, '/en/account/orders']);
  });
});

describe('unprefixed addresses on the demo networks (decision 0023)', () => {
  const demo = {} as { service: Awaited<ReturnType<typeof startService>> };
  beforeAll(async () => {
    demo.service = await startService(fixture.dirs, {
      TENANTS_DIR: join(REPOSITORY_ROOT, 'tenants'),
      THEMES_DIR: join(REPOSITORY_ROOT, 'themes'),
    });
  });
  const visit = async (host: string, path: string) => {
    const response = await demo.service.get(host, path);
    const html = response.status === 200 ? await response.text() : '';
    return {
      status: response.status,
      location: response.headers.get('location'),
      locale: html ? bootstrapOf(html).locale : undefined,
    };
  };

  it('on Wahat (Arabic by default) go to the same path in Arabic, keeping the query', async () => {
    expect(await visit('wahat.localhost', '/auth/register')).toMatchObject({
      status: 302,
      location: '/ar/auth/register',
    });
    expect(await visit('wahat.localhost', '/products/2101?from=mail')).toMatchObject({
      status: 302,
      location: '/ar/products/2101?from=mail',
    });
    expect(await visit('wahat.localhost', '/ar/auth/register')).toMatchObject({ status: 200, locale: 'ar' });
    // French, which Wahat offers, is under /fr.
    expect(await visit('wahat.localhost', '/fr/auth/register')).toMatchObject({ status: 200, locale: 'fr' });
  });

  it('on Lakeside (English by default) go to the same path in English', async () => {
    expect(await visit('lakeside.localhost', '/products/1301')).toMatchObject({
      status: 302,
      location: '/en/products/1301',
    });
    expect(await visit('lakeside.localhost', '/en/products/1301')).toMatchObject({
      status: 200,
      locale: 'en',
    });
    expect(await visit('lakeside.localhost', '/fr/products/1301')).toMatchObject({
      status: 200,
      locale: 'fr',
    });
  });

  it('ROUTE-01 on Lumière (French by default) stay French without a prefix, as before', async () => {
    expect(await visit('lumiere.localhost', '/auth/register')).toMatchObject({ status: 200, locale: 'fr' });
    expect(await visit('lumiere.localhost', '/fr/auth/register')).toMatchObject({
      status: 302,
      location: '/auth/register',
    });
    expect(await visit('lumiere.localhost', '/en/auth/register')).toMatchObject({
      status: 200,
      locale: 'en',
    });
  });
});

describe('web app files', () => {
  it('serves hashed assets for a year, and a missing one as a real 404', async () => {
    const asset = await fixture.service.get('alpha.localhost', '/assets/index-4f2a9c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(await asset.text()).toContain('shop');
    const missing = await fixture.service.get('alpha.localhost', '/assets/index-gone.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('network-bootstrap');
    const traversal = await fixture.service.get(
      'alpha.localhost',
      '/assets/..%2f..%2ftenants%2falpha%2fnetwork.json',
    );
    expect(traversal.status).toBe(404);
  });

  it('serves the brotli or gzip copy the build wrote beside an asset to clients taking it', async () => {
    const source = 'console.log("shop, compressed");\n'.repeat(40);
    const assets = join(fixture.dirs.distDir, 'assets');
    await writeFile(join(assets, 'shell-9d1e.js'), source);
    await writeFile(join(assets, 'shell-9d1e.js.br'), brotliCompressSync(source));
    await writeFile(join(assets, 'shell-9d1e.js.gz'), gzipSync(source));
    const br = await fixture.service.get('alpha.localhost', '/assets/shell-9d1e.js', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(source);
    const gzip = await fixture.service.get('alpha.localhost', '/assets/shell-9d1e.js', {
      'accept-encoding': 'gzip',
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(source);
    const plain = await fixture.service.get('alpha.localhost', '/assets/shell-9d1e.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(source);
  });

  it('serves the build manifest uncached and other dist files by exact name', async () => {
    const manifest = await fixture.service.get('nowhere.example', '/build-manifest.json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ buildId: 'build-42', builtAt: '2026-11-22T09:00:00.000Z' });
    const humans = await fixture.service.get('alpha.localhost', '/humans.txt');
    expect(await humans.text()).toContain('Made by the shop team');
  });

  it("serves the Host network's logo, or the one a networkId names", async () => {
    const logo = await fixture.service.get('alpha.localhost:8080', '/tenant/logo');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await logo.text()).toBe(LOGO_SVG);
    const named = await fixture.service.get('nowhere.example', '/tenant/logo?networkId=202');
    expect(named.status).toBe(200);
    expect((await fixture.service.get('nowhere.example', '/tenant/logo?networkId=999')).status).toBe(404);
  });

  it('serves /bootstrap.json for the dev server, in an offered locale', async () => {
    const response = await fixture.service.get('alpha.localhost', '/bootstrap.json?locale=ar', {
      cookie: 'theme=DARK',
    });
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const bootstrap = bootstrapSchema.parse(await response.json());
    expect(bootstrap).toMatchObject({
      locale: 'ar',
      direction: 'rtl',
      appearance: 'DARK',
      network: { id: 201 },
    });
    const notOffered = bootstrapSchema.parse(
      await (await fixture.service.get('beta.localhost', '/bootstrap.json?locale=fr')).json(),
    );
    expect(notOffered.locale).toBe('en');
    const unknown = await fixture.service.get('nowhere.example', '/bootstrap.json');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      status: 'ko',
      response: { error: { code: 'NETWORK_NOT_FOUND' } },
    });
  });

  it('renders again when index.html changes (new build), and answers 503 while it is missing', async () => {
    const own = await createFixture();
    try {
      const local = await startService(own);
      const before = await local.get('alpha.localhost', '/');
      expect(await before.text()).toContain('/assets/index-4f2a9c.js');

      await writeFile(
        join(own.distDir, 'index.html'),
        INDEX_TEMPLATE.replace('index-4f2a9c', 'index-77e1d0b'),
      );
      await writeFile(
        join(own.distDir, 'build-manifest.json'),
        JSON.stringify({ buildId: 'build-43', builtAt: 'now' }),
      );
      const after = await (await local.get('alpha.localhost', '/')).text();
      expect(after).toContain('/assets/index-77e1d0b.js');
      expect(bootstrapOf(after).buildId).toBe('build-43');

      await unlink(join(own.distDir, 'index.html'));
      for (let i = 0; i < 2; i += 1) {
        const missing = await local.get('alpha.localhost', '/');
        expect(missing.status).toBe(503);
        const text = await missing.text();
        expect(text).toContain('not built');
        expect(text).not.toContain('Alpha');
      }
      expect(local.logs.filter((line) => line.level === ERROR && /not built/.test(line.msg))).toHaveLength(1);
    } finally {
      await removeFixture(own);
    }
  });

  it('answers 503 when the web app was never built, and 500 without details when a file vanished', async () => {
    const own = await createFixture({ built: false });
    try {
      const local = await startService(own);
      expect((await local.get('alpha.localhost', '/')).status).toBe(503);
      expect((await local.get('alpha.localhost', '/build-manifest.json')).status).toBe(503);

      await rm(join(own.tenantsDir, 'beta', 'logo.svg'));
      const broken = await local.get('beta.localhost', '/tenant/logo');
      expect(broken.status).toBe(500);
      const text = await broken.text();
      expect(text).toContain('Something went wrong');
      expect(text).not.toMatch(/ENOENT|logo\.svg|at .*\.ts/);
      const requestId = broken.headers.get('x-request-id');
      expect(local.logs.some((line) => line.level === ERROR && line.requestId === requestId)).toBe(true);
    } finally {
      await removeFixture(own);
    }
  });
});
