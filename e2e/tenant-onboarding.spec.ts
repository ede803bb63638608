// Onboarding while the platform runs (decision 0025): `npm run tenant:new` scaffolds a fourth
// network into the folder the running platform serves (the run's copy of tenants/); within 5 s its
// shop lists the demo product from the ticket API, and a guest buys it through the payment
// provider's hosted page to a confirmed order. No restart, no fixed wait: the deadline is polled.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { encodePayload } from '@transit-shop/sdk/client/encode-payload';
import {
  type CatalogueAnswer,
  getProductsCall,
  productListPayload,
} from '@transit-shop/sdk/contract/catalogue';
import { SIGNATURE_FIELD } from '@transit-shop/sdk/signing/canonical-string';
import { signPayload } from '@transit-shop/sdk/signing/sign';
import { newAccount, shopUrl } from './support/accounts.ts';
import { expectProviderPage, payByCard, TEST_CARDS } from './support/payment-page.ts';
import { apiRequest, E2E_PORT } from './support/platform.ts';
import { runTenantsDir } from './support/run-tenants.ts';
import { fill, type Locale, textsOf } from './support/texts.ts';

const locale: Locale = 'en';
const t = textsOf(locale);
const root = join(import.meta.dirname, '..');

/** The fourth network: a slug, id and domain no demo network uses. */
const NETWORK = { slug: 'harbour', name: 'Harbour Ferries', id: '460', domain: 'harbour.localhost' };
/** The demo item tenant:new writes (packages/tenancy/src/scaffold-network.ts), as English lists it. */
const DEMO_PRODUCT = 'TO REPLACE: single ticket (en)';
/** The product owner's promise: an added network sells within this long after its files are written. */
const ONBOARDING_DEADLINE_MS = 5_000;

test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

/** Runs the real script as an operator does, into the folder the running platform serves. */
function tenantNew(tenantsDir: string) {
  return spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'tenant:new',
      '--',
      NETWORK.slug,
      '--name',
      NETWORK.name,
      '--id',
      NETWORK.id,
      '--domain',
      NETWORK.domain,
      '--languages',
      'en,fr',
      '--currency',
      'EUR',
      '--tenants',
      tenantsDir,
    ],
    { cwd: root, encoding: 'utf8' },
  );
}

/**
 * What a shop of the network gets now, through the tenant service as a browser reaches it: its
 * page (the tenant service knows the domain), then its product list (the ticket API knows the
 * network), signed with the network's key as the web app signs it. Answers the number of products
 * listed, or what stopped the shop.
 */
async function shopNow(request: APIRequestContext, tenantsDir: string): Promise<number | string> {
  const page = await request.get(...apiRequest(NETWORK.slug, '/en/'));
  if (page.status() !== 200) return `shop page ${page.status()}`;
  const { signingKey } = JSON.parse(
    await readFile(join(tenantsDir, NETWORK.slug, 'network.json'), 'utf8'),
  ) as { signingKey: string };
  const payload: Record<string, unknown> = { network_id: NETWORK.id, ...productListPayload(locale) };
  payload[SIGNATURE_FIELD] = await signPayload(payload, signingKey);
  const encoded = encodePayload(getProductsCall.encoding, payload);
  if (encoded.kind !== 'query') throw new Error('Products/getProducts.json is a query call');
  const answer = await request.get(
    ...apiRequest(NETWORK.slug, `/api/${getProductsCall.path}?${encoded.searchParams}`),
  );
  const body = (await answer.json()) as
    | { status: 'ok'; response: CatalogueAnswer }
    | { status: 'ko'; response: { error: { code: string } } };
  if (body.status === 'ko') return `products ${answer.status()} ${body.response.error.code}`;
  return body.response.categories.flatMap((category) => category.shopItems).length;
}

test('a network scaffolded with tenant:new while the platform runs sells a ticket to a guest, its shop listing products within 5 s', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: the test runner's own variable (playwright.config.ts)
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is set by playwright.config.ts');
  const tenantsDir = runTenantsDir(runDir);

  // Before: the domain is nobody's.
  expect((await page.goto(`http://${NETWORK.domain}:${E2E_PORT}/`))?.status()).toBe(404);

  const created = tenantNew(tenantsDir);
  expect(created.status, `${created.stdout}\n${created.stderr}`).toBe(0);
  expect(created.stdout).toContain(`tenants/${NETWORK.slug} created and valid`);

  // Within the deadline, polled: the shop page is served and the ticket API lists its product.
  const written = Date.now();
  await expect
    .poll(() => shopNow(request, tenantsDir), { timeout: ONBOARDING_DEADLINE_MS, intervals: [100] })
    .toBe(1);
  expect(Date.now() - written).toBeLessThan(ONBOARDING_DEADLINE_MS);

  // The shop as a guest sees it: the product listed, no error in place of the list.
  await page.goto(shopUrl(NETWORK.slug, locale, '/'));
  const shop = page.getByRole('region', { name: t.shop.title });
  await expect(shop.getByRole('article').getByRole('heading', { name: DEMO_PRODUCT })).toBeVisible();
  await expect(page.getByText(t.shop.loadFailed)).toHaveCount(0);

  // A guest buys it: product page, cart, checkout as a guest, the provider's page, a confirmed order.
  await shop.getByRole('article').getByRole('link', { name: DEMO_PRODUCT, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: DEMO_PRODUCT })).toBeVisible();
  await page.getByRole('button', { name: t.products.addToCart }).click();
  const sidebar = page.getByRole('dialog', { name: t.cart.title });
  await expect(sidebar.getByRole('heading', { name: DEMO_PRODUCT })).toBeVisible();
  await sidebar.getByRole('link', { name: t.cart.viewCart }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.cart.title })).toBeVisible();
  await page.getByRole('checkbox', { name: t.cart.confirmations.terms }).check();
  await page.getByRole('checkbox', { name: t.cart.confirmations.privacy }).check();
  const over18 = page.getByRole('checkbox', { name: t.cart.confirmations.over18 });
  if (await over18.isVisible()) await over18.check();
  await page.getByRole('link', { name: t.cart.checkout.action }).click();

  await expect(page.getByRole('heading', { level: 1, name: t.checkout.steps.inviteLogin })).toBeVisible();
  await page.getByRole('button', { name: t.checkout.customer.continueAsGuest }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.checkout.steps.invoiceEmail })).toBeVisible();
  const guest = newAccount('guest-onboarded');
  await page.getByRole('textbox', { name: t.checkout.invoiceEmail.label }).fill(guest.email);
  await page.getByRole('button', { name: t.checkout.continue }).click();

  await expect(page.getByRole('heading', { level: 1, name: t.checkout.steps.payment })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: t.checkout.payment.method })
    .getByRole('radio', { name: t.checkout.payment.methods.CARD })
    .check();
  const shopOrigin = new URL(page.url()).origin;
  await page.getByRole('button', { name: t.checkout.payment.pay, exact: true }).click();
  await expectProviderPage(page, locale, shopOrigin);
  await payByCard(page, locale, TEST_CARDS.succeeds);

  const confirmed = page.getByRole('dialog', { name: t.checkout.result.confirmed.title });
  await expect(confirmed).toBeVisible();
  expect(new URL(page.url()).origin).toBe(shopOrigin);
  await expect(confirmed).toContainText(fill(t.checkout.result.guestInvoice, { email: guest.email }));
});
