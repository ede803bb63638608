// The wallet offline from the first page a browser opens (decision 0031), on lakeside, whose `/`
// redirects to /en/: a guest buys a single ticket by card, opens the confirmation email's link to
// the tickets in a browser that never saw the shop, and the page opens again without a network.
// The service worker keeps one shell per language, never an address: no cache holds the guest's
// reference or a query string.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newAccount, shopUrl } from './support/accounts.ts';
import { resultDialog } from './support/checkout.ts';
import { type ReceivedMail, waitForMailWithSubject } from './support/mailbox.ts';
import { expectProviderPage, payByCard, TEST_CARDS } from './support/payment-page.ts';
import { networkUrl } from './support/platform.ts';
import { type Locale, textsOf } from './support/texts.ts';

const NETWORK = 'lakeside';
const SHOP_ORIGIN = new URL(networkUrl(NETWORK)).origin;
/** Lakeside's single ticket, on the phone (tenants/lakeside/catalogue.json). */
const SINGLE_TICKET = 1301;
const locale: Locale = 'en';
const t = textsOf(locale);
const w = (
  JSON.parse(
    readFileSync(
      join(import.meta.dirname, '..', 'platform', 'web', 'src', 'features', 'wallet', 'locales', 'en.json'),
      'utf8',
    ),
  ) as typeof import('../platform/web/src/features/wallet/locales/en.json')
).wallet;

/** A single ticket on the phone, bought as a guest by card; answers the confirmation's email. */
async function buySingleTicketAsGuest(page: Page, email: string): Promise<ReceivedMail> {
  await page.goto(shopUrl(NETWORK, locale, `/products/${SINGLE_TICKET}`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: t.products.support.legend })
    .getByRole('radio', { name: new RegExp(t.products.support.DEMATERIALIZED) })
    .check();
  const name = await page.getByRole('heading', { level: 1 }).innerText();
  await page.getByRole('button', { name: t.products.addToCart }).click();
  const cart = page.getByRole('dialog', { name: t.cart.title });
  await expect(cart.getByRole('heading', { name })).toBeVisible();

  await cart.getByRole('link', { name: t.cart.viewCart }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.cart.title })).toBeVisible();
  await page.getByRole('checkbox', { name: t.cart.confirmations.terms }).check();
  await page.getByRole('checkbox', { name: t.cart.confirmations.privacy }).check();
  const over18 = page.getByRole('checkbox', { name: t.cart.confirmations.over18 });
  if (await over18.isVisible()) await over18.check();
  await page.getByRole('link', { name: t.cart.checkout.action }).click();

  const steps = t.checkout.steps;
  await expect(page.getByRole('heading', { level: 1, name: steps.inviteLogin })).toBeVisible();
  await page.getByRole('button', { name: t.checkout.customer.continueAsGuest }).click();
  await expect(page.getByRole('heading', { level: 1, name: steps.invoiceEmail })).toBeVisible();
  await page.getByRole('textbox', { name: t.checkout.invoiceEmail.label }).fill(email);
  await page.getByRole('button', { name: t.checkout.continue }).click();

  const payment = t.checkout.payment;
  await expect(page.getByRole('heading', { level: 1, name: steps.payment })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: payment.installments })
    .getByRole('radio', { name: payment.installmentOne })
    .check();
  await page
    .getByRole('radiogroup', { name: payment.method })
    .getByRole('radio', { name: payment.methods.CARD })
    .check();
  await page.getByRole('button', { name: payment.pay, exact: true }).click();
  await expectProviderPage(page, locale, SHOP_ORIGIN);
  await payByCard(page, locale, TEST_CARDS.succeeds);
  // The shop checks the order with the backend on its return: slower on a busy machine.
  await expect(resultDialog(page, locale, 'confirmed')).toBeVisible({ timeout: 30_000 });
  return waitForMailWithSubject(email, /is confirmed/);
}

/** The email's link to the order's tickets page (its reference is 43 base64url characters). */
function guestTicketsLinkOf(mail: ReceivedMail): URL | undefined {
  return mail.text
    .match(/https?:\/\/[^\s<>"]+\/wallet\/guest\/[A-Za-z0-9_-]{43}/g)
    ?.map((found) => new URL(found))
    .at(0);
}

/** Every cache of the page's origin and the addresses it holds. */
async function cacheStorageOf(page: Page): Promise<{ names: string[]; addresses: string[] }> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const addresses: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) addresses.push(request.url);
    }
    return { names, addresses };
  });
}

test("a guest's tickets page opened first from the email opens again offline, and no cache keeps its address", async ({
  page,
  browser,
}) => {
  test.slow();
  const guest = newAccount('wallet-offline');
  const link = guestTicketsLinkOf(await buySingleTicketAsGuest(page, guest.email));
  if (!link) throw new Error('the confirmation email has no link to the tickets page');
  expect(link.pathname).toMatch(/^\/en\/wallet\/guest\//);
  const reference = link.pathname.split('/').at(-1) ?? '';

  // A browser that never opened the shop: the email's link is its first page.
  const context = await browser.newContext();
  try {
    const phone = await context.newPage();
    await phone.goto(String(link));
    await expect(phone.getByRole('heading', { level: 1, name: w.guest.title })).toBeVisible();
    await expect(phone.getByRole('article')).toHaveCount(1);
    await phone.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const stored = await cacheStorageOf(phone);
    const pages = stored.addresses.filter((address) => !new URL(address).pathname.startsWith('/assets/'));
    expect(pages.length, 'the first page has its shell kept').toBeGreaterThan(0);
    for (const kept of [...stored.names, ...stored.addresses]) {
      expect(kept, 'a cache name or address').not.toContain(reference);
      expect(kept, 'a cache name or address').not.toContain('?');
    }

    await context.setOffline(true);
    await phone.reload();
    await expect(phone.getByRole('heading', { level: 1, name: w.guest.title })).toBeVisible();
    await expect(phone.getByRole('status').filter({ hasText: /offline/ })).toBeVisible();
    await expect(phone.getByRole('article')).toHaveCount(1);
    await expect(phone.getByRole('article')).toContainText('Single ticket');
  } finally {
    await context.close();
  }
});
