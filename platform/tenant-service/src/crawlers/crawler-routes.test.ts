import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type FixtureDirs, removeFixture } from '../test-support/fixtures.ts';
import { type FixtureService, startService } from '../test-support/service.ts';
import { REPOSITORY_ROOT } from '../test-support/ticket-api-process.ts';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

let dirs: FixtureDirs;
let service: FixtureService;

// The demo networks, copied so a test can change a catalogue.
beforeAll(async () => {
  dirs = await createFixture({ networks: [] });
  await cp(join(REPOSITORY_ROOT, 'tenants'), dirs.tenantsDir, { recursive: true });
  await cp(join(REPOSITORY_ROOT, 'themes'), dirs.themesDir, { recursive: true });
  service = await startService(dirs);
});
afterAll(() => removeFixture(dirs));

type SitemapUrl = { loc: string; alternates: Record<string, string> };

/**
 * The <url> entries of a sitemap, read with a strict, namespace-aware XML parser: a document that
 * is not well-formed XML, or that has anything but the sitemaps protocol's urlset of <url> with one
 * <loc> and xhtml:link alternates, fails the test.
 */
function readSitemap(xml: string): SitemapUrl[] {
  const parser = new SaxesParser({ xmlns: true });
  const urls: SitemapUrl[] = [];
  const path: string[] = [];
  let text = '';
  parser.on('opentag', (tag) => {
    const where = `${tag.uri} ${tag.local}`;
    path.push(where);
    const parent = path.at(-2);
    if (path.length === 1) expect(where).toBe(`${SITEMAP_NS} urlset`);
    else if (where === `${SITEMAP_NS} url`) {
      expect(parent).toBe(`${SITEMAP_NS} urlset`);
      urls.push({ loc: '', alternates: {} });
    } else if (where === `${SITEMAP_NS} loc`) {
      expect(parent).toBe(`${SITEMAP_NS} url`);
      text = '';
    } else if (where === `${XHTML_NS} link`) {
      expect(parent).toBe(`${SITEMAP_NS} url`);
      expect(tag.attributes.rel?.value).toBe('alternate');
      const hreflang = tag.attributes.hreflang?.value ?? '';
      const alternates = urls.at(-1)?.alternates ?? {};
      expect(alternates[hreflang], `${hreflang} twice`).toBeUndefined();
      alternates[hreflang] = tag.attributes.href?.value ?? '';
    } else throw new Error(`unexpected element ${where}`);
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', (tag) => {
    const url = urls.at(-1);
    if (tag.local === 'loc' && url) url.loc = text.trim();
    path.pop();
  });
  parser.write(xml).close();
  return urls;
}

const get = (host: string, path: string, headers: Record<string, string> = {}) =>
  service.get(host, path, headers);

async function sitemapOf(host: string): Promise<SitemapUrl[]> {
  const response = await get(host, '/sitemap.xml');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  return readSitemap(await response.text());
}

/** The page paths (without language prefix) a sitemap lists, by the address of one language. */
const pathsIn = (urls: SitemapUrl[], origin: string, prefix: string) =>
  urls
    .map((url) => url.loc.slice(origin.length))
    .filter((path) => (prefix ? path.startsWith(`${prefix}/`) : !/^\/(fr|en|ar|it|es)\//.test(path)))
    .map((path) => path.slice(prefix.length))
    .sort();

describe('GET /robots.txt', () => {
  it("opens the network's public pages, closes accounts, carts, sign-in and the API in every language, and names the sitemap", async () => {
    const response = await get('lumiere.localhost:8300', '/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const lines = (await response.text()).split('\n');
    // RFC 9309: comments, blank lines and "field: value" records only.
    for (const line of lines) expect(line).toMatch(/^(#.*|(User-agent|Allow|Disallow|Sitemap): \S+|)$/);
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    for (const area of ['/account', '/cart/', '/auth'])
      for (const prefix of ['', '/en', '/ar', '/it', '/es'])
        expect(lines).toContain(`Disallow: ${prefix}${area}`);
    // The cart's own page holds nothing of a visitor for a crawler: only its steps are closed.
    expect(lines).not.toContain('Disallow: /cart');
    expect(lines).not.toContain('Disallow: /en/cart');
    expect(lines).toContain('Sitemap: http://lumiere.localhost:8300/sitemap.xml');
  });

  it('on a network whose default language is not French closes /fr too, and names the sitemap on its production domain in https', async () => {
    const lines = (await (await get('shop.wahat-metro.example', '/robots.txt')).text()).split('\n');
    expect(lines).toContain('Disallow: /fr/account');
    expect(lines).toContain('Disallow: /ar/cart/');
    expect(lines).not.toContain('Disallow: /it/cart/');
    expect(lines).toContain('Sitemap: https://shop.wahat-metro.example/sitemap.xml');
  });

  it('answers a Host of no network with the neutral 404 page', async () => {
    expect((await get('nowhere.example', '/robots.txt')).status).toBe(404);
    expect((await get('nowhere.example', '/sitemap.xml')).status).toBe(404);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists home, each product the shop lists to a visitor and the legal pages in every language, with alternates', async () => {
    const origin = 'http://lumiere.localhost:8300';
    const urls = await sitemapOf('lumiere.localhost:8300');
    const french = pathsIn(urls, origin, '');
    // Hidden, physical pass and duplicate items (CAT-01) are not pages of the shop.
    expect(french).toEqual(
      [
        '/',
        ...[1101, 1102, 1103, 1104, 1105, 1106, 2101, 2102, 2103, 3101, 3102, 3103, 3104].map(
          (id) => `/products/${id}`,
        ),
        '/legal-notices',
        '/privacy-policy',
        '/terms-of-use',
      ].sort(),
    );
    for (const prefix of ['/en', '/ar', '/it', '/es']) expect(pathsIn(urls, origin, prefix)).toEqual(french);
    expect(urls).toHaveLength(french.length * 5);
    const product = urls.find((url) => url.loc === `${origin}/ar/products/2101`);
    expect(product?.alternates).toEqual({
      fr: `${origin}/products/2101`,
      en: `${origin}/en/products/2101`,
      ar: `${origin}/ar/products/2101`,
      it: `${origin}/it/products/2101`,
      es: `${origin}/es/products/2101`,
      'x-default': `${origin}/products/2101`,
    });
    // Every page names every language version of itself, its own address included.
    for (const url of urls) expect(Object.values(url.alternates)).toContain(url.loc);
  });

  it('puts every language of a network whose default language is not French under its prefix', async () => {
    const origin = 'https://shop.wahat-metro.example';
    const urls = await sitemapOf('shop.wahat-metro.example');
    expect(urls.every((url) => /^https:\/\/shop\.wahat-metro\.example\/(ar|fr|en)\//.test(url.loc))).toBe(
      true,
    );
    expect(pathsIn(urls, origin, '/fr')).toContain('/products/1201');
    expect(pathsIn(urls, origin, '/ar')).not.toContain('/products/4202');
    const home = urls.find((url) => url.loc === `${origin}/fr/`);
    expect(home?.alternates).toEqual({
      ar: `${origin}/ar/`,
      fr: `${origin}/fr/`,
      en: `${origin}/en/`,
      'x-default': `${origin}/ar/`,
    });
  });

  it('is kept compressed, and follows the tenant files when they change', async () => {
    const origin = 'http://lakeside.localhost';
    const compressed = await get('lakeside.localhost', '/sitemap.xml', { 'accept-encoding': 'br' });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    const before = readSitemap(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString());
    expect(pathsIn(before, origin, '/en')).toContain('/products/1301');

    const file = join(dirs.tenantsDir, 'lakeside', 'catalogue.json');
    const catalogue = JSON.parse(await readFile(file, 'utf8')) as {
      shopItems: { shopItemId: number; tags?: string }[];
    };
    for (const item of catalogue.shopItems) if (item.shopItemId === 1301) item.tags = 'hidden';
    await writeFile(file, JSON.stringify(catalogue, null, 2));
    expect((await service.store.reload()).applied).toBe(true);

    const after = await sitemapOf('lakeside.localhost');
    expect(pathsIn(after, origin, '/en')).not.toContain('/products/1301');
    expect(pathsIn(after, origin, '/en')).toContain('/products/1302');
  });
});
