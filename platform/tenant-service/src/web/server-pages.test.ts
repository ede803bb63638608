// Public pages and the cart's page rendered with the build's server renderer (decision 0034): the
// first request renders and the page is kept; other pages, builds without a renderer and failed
// renders answer the page the browser renders, never an error.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapOf } from '../test-support/html.ts';
import { useFixtureService } from '../test-support/service.ts';

const fixture = useFixtureService();

/** A renderer module as the web build writes it, answering from the input it is given. */
const FAKE_RENDERER = `
globalThis.renders = (globalThis.renders ?? 0);
export async function renderPage(input) {
  globalThis.renders += 1;
  const url = new URL(input.url);
  if (url.pathname === '/privacy-policy') throw new Error('the renderer failed');
  if (input.legal) return { kind: 'page', html: '<article>' + input.legal.document.html + '</article>', styles: '', data: {}, status: 200 };
  return {
    kind: 'page',
    html: '<main><h1>' + input.bootstrap.network.name + ' ' + input.bootstrap.locale + ' ' + url.pathname + '</h1>' + ('savedCart' in input ? '<p>saved cart: ' + input.savedCart + '</p>' : '') + '</main>',
    styles: '<style data-emotion="mui abc">.mui-abc{color:red}</style>',
    data: { queries: [{ queryKey: ['catalogue'], state: { data: input.catalogue.currency } }] },
    status: 200,
  };
}
`;

const renders = () => (globalThis as { renders?: number }).renders ?? 0;

async function writeRenderer(buildId: string) {
  const dir = join(fixture.dirs.distDir, '.server');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'entry-server.js'), FAKE_RENDERER);
  // A new build id: the service imports the renderer of the build it serves.
  await writeFile(
    join(fixture.dirs.distDir, 'build-manifest.json'),
    JSON.stringify({ buildId, builtAt: '2026-11-28T09:00:00.000Z' }),
  );
  await writeFile(
    join(fixture.dirs.distDir, 'index.html'),
    `${(await import('../test-support/fixtures.ts')).INDEX_TEMPLATE}<!-- ${buildId} -->`,
  );
}

afterEach(async () => {
  await rm(join(fixture.dirs.distDir, '.server'), { recursive: true, force: true });
});

const page = async (host: string, path: string, headers: Record<string, string> = {}) => {
  const response = await fixture.service.get(host, path, headers);
  return { status: response.status, html: await response.text() };
};

describe('public pages rendered by the server', () => {
  it('the home page comes with its markup in the root, its styles and data in the head, once rendered', async () => {
    await writeRenderer('with-renderer-1');
    const before = renders();
    const first = await page('alpha.localhost', '/');
    expect(first.status).toBe(200);
    expect(first.html).toContain('<div id="root"><main><h1>Alpha Transit fr /</h1></main></div>');
    expect(first.html).toMatch(/<head>[\s\S]*<style data-emotion="mui abc">[\s\S]*<\/head>/);
    expect(first.html).toContain('<script type="application/json" id="server-data" data-page="/">');
    expect(bootstrapOf(first.html).network.slug).toBe('alpha');
    // Kept: the next visitor gets the same page without a render.
    const second = await page('alpha.localhost', '/');
    expect(second.html).toBe(first.html);
    expect(renders()).toBe(before + 1);
    // Another language is its own page.
    const english = await page('alpha.localhost', '/en');
    expect(english.html).toContain('<h1>Alpha Transit en /en</h1>');
    expect(english.html).toContain('id="server-data" data-page="/"');
  });

  it('the cart’s own page is rendered too, as the empty cart unless the browser keeps one; its checkout steps are not', async () => {
    await writeRenderer('with-renderer-4');
    const cart = await page('alpha.localhost', '/cart');
    expect(cart.status).toBe(200);
    expect(cart.html).toContain(
      '<div id="root"><main><h1>Alpha Transit fr /cart</h1><p>saved cart: false</p></main></div>',
    );
    expect(cart.html).toContain('id="server-data" data-page="/cart"');
    // The browser keeping a cart says so with its cookie: that page is rendered, and kept, apart.
    const before = renders();
    const saved = await page('alpha.localhost', '/cart', { cookie: 'theme=DARK; cart=1' });
    expect(saved.html).toContain('<p>saved cart: true</p>');
    expect((await page('alpha.localhost', '/cart', { cookie: 'cart=1' })).html).toContain(
      '<p>saved cart: true</p>',
    );
    expect((await page('alpha.localhost', '/cart')).html).toContain('<p>saved cart: false</p>');
    expect(renders()).toBe(before + 1);
    // Other pages do not depend on it.
    expect((await page('alpha.localhost', '/', { cookie: 'cart=1' })).html).not.toContain('saved cart');
    const checkout = await page('alpha.localhost', '/cart/checkout');
    expect(checkout.html).toContain('<header class="prepaint-header">');
    expect(checkout.html).not.toContain('server-data');
  });

  it('a legal page is rendered with its text, as the tenant files have it sanitised', async () => {
    await writeRenderer('with-renderer-3');
    const legal = await page('alpha.localhost', '/en/legal-notices');
    expect(legal.html).toContain(
      '<article><h1>legal-notices en</h1><p>Published by Alpha Transit.</p></article>',
    );
  });

  it('a page that depends on the visitor, a failed render and a build without a renderer answer the page the browser renders', async () => {
    await writeRenderer('with-renderer-2');
    const account = await page('alpha.localhost', '/account');
    expect(account.status).toBe(200);
    expect(account.html).toContain('<header class="prepaint-header">');
    expect(account.html).not.toContain('server-data');

    const failed = await page('alpha.localhost', '/privacy-policy');
    expect(failed.status).toBe(200);
    expect(failed.html).toContain('<header class="prepaint-header">');
    expect(fixture.service.logs.some((line) => line.msg === 'a page could not be rendered')).toBe(true);

    await rm(join(fixture.dirs.distDir, '.server'), { recursive: true, force: true });
    await writeRenderer('without-renderer');
    await rm(join(fixture.dirs.distDir, '.server'), { recursive: true, force: true });
    const plain = await page('alpha.localhost', '/');
    expect(plain.status).toBe(200);
    expect(plain.html).toContain('<header class="prepaint-header">');
  });
});
