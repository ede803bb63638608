// @vitest-environment node
// The server's render of the public pages (decision 0034), in Node as the tenant service runs it.
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server.tsx';
import { runningCartRuntime } from './lib/cart/cart-runtime.ts';
import { fixtureBootstrap } from './test/fixtures/bootstrap.ts';
import { fixtureCatalogue } from './test/fixtures/catalogue.ts';

describe('the server render', () => {
  it('renders the home page with the shop’s products and the CSS of its components', async () => {
    const bootstrap = fixtureBootstrap({ locale: 'fr' });
    const catalogue = fixtureCatalogue();
    const rendered = await renderPage({ bootstrap, url: 'http://shop.test/', catalogue });
    if (rendered.kind !== 'page') throw new Error(`not a page: ${JSON.stringify(rendered)}`);
    expect(rendered.status).toBe(200);
    expect(rendered.html).toContain(bootstrap.texts.homeTitle);
    const names = catalogue.categories.flatMap((category) => category.shopItems.map((item) => item.name));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names.slice(0, 3)) expect(rendered.html).toContain(name);
    expect(rendered.styles).toMatch(/<style data-emotion="mui [^"]+">/);
    // The styles are in the head's elements only, not before each component.
    expect(rendered.html).not.toContain('<style');
    // No script either: React would otherwise reveal the shop's boundary with an inline script,
    // which the content-security policy refuses.
    expect(rendered.html).not.toContain('<script');
    // The shop's filters and the footer's language and appearance choices wait for hydration.
    expect(rendered.html.match(/<fieldset[^>]*disabled=""/g)).toHaveLength(2);
  });
});

describe('the server render of other pages', () => {
  it('renders a product page with the product’s name as its heading', async () => {
    const bootstrap = fixtureBootstrap({ locale: 'fr' });
    const catalogue = fixtureCatalogue();
    const item = catalogue.categories[0]?.shopItems[0];
    if (!item) throw new Error('no item');
    const rendered = await renderPage({
      bootstrap,
      url: `http://shop.test/products/${item.shopItemId}`,
      catalogue,
    });
    if (rendered.kind !== 'page') throw new Error(`not a page: ${JSON.stringify(rendered)}`);
    expect(rendered.html).toMatch(new RegExp(`<h1[^>]*>${item.name}</h1>`));
    // Not interactive before hydration: the add to cart says so instead of losing the click.
    expect(rendered.html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Ajouter au panier/);
    // Nor are its choices: one made before hydration would be undone by it.
    expect(rendered.html).toMatch(/<fieldset[^>]*disabled=""/);
  });

  it('keeps the start date’s room on the server and proposes nothing: the visitor’s clock is not its own', async () => {
    const bootstrap = fixtureBootstrap({ locale: 'fr' });
    const catalogue = fixtureCatalogue();
    const dayPass = catalogue.categories
      .flatMap((category) => category.shopItems)
      .find((item) => item.pivotType === 'DAY_PIVOT');
    if (!dayPass) throw new Error('no day pass in the fixture');
    const rendered = await renderPage({
      bootstrap,
      url: `http://shop.test/products/${dayPass.shopItemId}`,
      catalogue,
    });
    if (rendered.kind !== 'page') throw new Error(`not a page: ${JSON.stringify(rendered)}`);
    // The day's and the time's selects, empty until the browser proposes from its own clock.
    expect(rendered.html.match(/<select[^>]*><\/select>/g)).toHaveLength(2);
    expect(rendered.html).not.toContain('<option');
  });

  const worksAlert = {
    id: 'works-now',
    level: 'WARNING' as const,
    flags: [],
    displayAfter: '2020-01-01T00:00:00Z',
    displayBefore: '2100-01-01T00:00:00Z',
    displayed: true,
    title: { fr: 'Travaux' },
    message: { fr: 'Travaux sur la ligne 2 ce week-end.' },
    channel: 'global',
  };

  it('renders the global alert the tenant service chose, in its place under the header', async () => {
    const bootstrap = fixtureBootstrap({
      locale: 'fr',
      initialAlerts: [worksAlert],
      servedAlertId: 'works-now',
    });
    const rendered = await renderPage({ bootstrap, url: 'http://shop.test/', catalogue: fixtureCatalogue() });
    if (rendered.kind !== 'page') throw new Error(`not a page: ${JSON.stringify(rendered)}`);
    expect(rendered.html).toMatch(
      /<header[\s\S]*<\/header><div data-alerts="pending"><div[^>]*role="status"/,
    );
    expect(rendered.html).toContain('Travaux sur la ligne 2 ce week-end.');
    expect(rendered.styles).toContain('MuiAlert');
  });

  it('renders no banner the tenant service did not choose, whatever the clock says of the alerts', async () => {
    const bootstrap = fixtureBootstrap({ locale: 'fr', initialAlerts: [worksAlert], servedAlertId: null });
    const rendered = await renderPage({ bootstrap, url: 'http://shop.test/', catalogue: fixtureCatalogue() });
    if (rendered.kind !== 'page') throw new Error(`not a page: ${JSON.stringify(rendered)}`);
    expect(rendered.html).toContain('<div data-alerts="pending"></div>');
    expect(rendered.html).not.toContain('Travaux sur la ligne 2');
  });

  it('renders Arabic right to left, with the mirrored styles’ own key', async () => {
    const bootstrap = fixtureBootstrap({ locale: 'ar', direction: 'rtl' });
    const rendered = await renderPage({
      bootstrap,
      url: 'http://shop.test/ar',
      catalogue: fixtureCatalogue(),
    });
    if (rendered.kind !== 'page') throw new Error(`not a page: ${JSON.stringify(rendered)}`);
    expect(rendered.html).toContain(bootstrap.texts.homeTitle);
    expect(rendered.styles).toMatch(/<style data-emotion="mui-rtl [^"]+">/);
  });

  it('renders the cart’s page as the empty cart when the browser keeps none, without starting a cart', async () => {
    const bootstrap = fixtureBootstrap({ locale: 'fr' });
    const rendered = await renderPage({
      bootstrap,
      url: 'http://shop.test/cart',
      catalogue: fixtureCatalogue(),
      savedCart: false,
    });
    if (rendered.kind !== 'page') throw new Error(`not a page: ${JSON.stringify(rendered)}`);
    expect(rendered.html).toMatch(/<h1[^>]*>Panier<\/h1>/);
    expect(rendered.html).toContain('Votre panier est vide');
    expect(rendered.html).not.toContain('role="progressbar"');
    // The browser reads what the server knew from the page's data, for the render that hydrates.
    expect(JSON.stringify(rendered.data)).toContain('"queryKey":["cart","served"]');
    expect(runningCartRuntime()).toBeUndefined();
  });

  it('renders the cart’s page with its heading and waits for the browser’s cart when it keeps one, which the server never starts', async () => {
    const bootstrap = fixtureBootstrap({ locale: 'fr' });
    const rendered = await renderPage({
      bootstrap,
      url: 'http://shop.test/cart',
      catalogue: fixtureCatalogue(),
      savedCart: true,
    });
    if (rendered.kind !== 'page') throw new Error(`not a page: ${JSON.stringify(rendered)}`);
    expect(rendered.html).toMatch(/<h1[^>]*>Panier<\/h1>/);
    // The cart lives in the browser: the progress bar holds its place, neither lines nor "empty".
    expect(rendered.html).toContain('role="progressbar"');
    expect(rendered.html).not.toContain('Votre panier est vide');
    expect(runningCartRuntime()).toBeUndefined();
  });

  it('answers the address’s canonical form instead of a page', async () => {
    const bootstrap = fixtureBootstrap({ locale: 'fr' });
    const rendered = await renderPage({
      bootstrap,
      url: 'http://shop.test/fr/cart',
      catalogue: fixtureCatalogue(),
    });
    expect(rendered).toMatchObject({ kind: 'redirect', location: '/cart' });
  });
});

describe('the server render of a legal page', () => {
  it('shows the text it is given, without a loading state', async () => {
    const bootstrap = fixtureBootstrap({ locale: 'fr' });
    const rendered = await renderPage({
      bootstrap,
      url: 'http://shop.test/legal-notices',
      catalogue: fixtureCatalogue(),
      legal: {
        kind: 'legalNotices',
        document: {
          networkId: bootstrap.network.id,
          locale: 'fr',
          html: '<p>Éditeur : Réseau de démonstration.</p>',
        },
      },
    });
    if (rendered.kind !== 'page') throw new Error(`not a page: ${JSON.stringify(rendered)}`);
    expect(rendered.html).toContain('<p>Éditeur : Réseau de démonstration.</p>');
    expect(rendered.html).not.toContain('role="progressbar"');
  });
});
