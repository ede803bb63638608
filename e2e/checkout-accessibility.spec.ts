// The checkout as a buyer sees it, checked by axe at each step in French light and in Arabic dark
// (right to left, mirrored): the cart, the customer info step, a guest's invoice email, the
// shipping address of a new card, the agency and slot of click and collect, the payment step with
// its instalments and methods, the provider's cancel and confirmation dialogs, and the account's
// invoices page; and the payment step with the keyboard alone, up to the provider's page.
// With CHECKOUT_SCREENSHOTS=<folder>, each step is also photographed at a desktop and a phone width.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { field, newAccount, register, shopUrl } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { cancelPayment, expectProviderPage, payByCard, TEST_CARDS } from './support/payment-page.ts';
import { networkUrl } from './support/platform.ts';
import { fill, type Locale, pattern, textsOf } from './support/texts.ts';

type ColorScheme = 'light' | 'dark';

// biome-ignore lint/suspicious/noUndeclaredEnvVars: the test runner's own variable; turbo does not run these tests
const screenshotDir = process.env.CHECKOUT_SCREENSHOTS;

/** Lumière has guest orders, agencies with pick-up slots, instalments and SEPA debits. */
const NETWORK = 'lumiere';
const SHOP_ITEMS = {
  singleTicket: 1101,
  paperCarnet: 1106,
  annualPass: 2103,
} as const;

const PHONE = { width: 390, height: 844 };

/**
 * The page once `ready` shows (and the footer, unless a modal hides the page): photographed when
 * asked, then checked by axe; a page with violations fails the test after the others were checked.
 */
async function checkStep(
  page: Page,
  name: string,
  ready: Locator,
  { modal = false }: { modal?: boolean } = {},
): Promise<void> {
  await test.step(`axe on ${name}`, async () => {
    await expect(ready).toBeVisible();
    if (!modal) await expect(page.getByRole('contentinfo')).toBeVisible();
    await photograph(page, name);
    expect.soft(await seriousViolations(page), `serious violations on ${name}`).toEqual([]);
  });
}

async function photograph(page: Page, name: string): Promise<void> {
  if (!screenshotDir) return;
  const label = `${test.info().titlePath.slice(1, -1).join(' ')} ${name}`
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .toLowerCase();
  mkdirSync(screenshotDir, { recursive: true });
  const desktop = page.viewportSize();
  await page.screenshot({ path: join(screenshotDir, `${label}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(screenshotDir, `${label}-phone.png`), fullPage: true });
  if (desktop) await page.setViewportSize(desktop);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Adds a product to the cart from its page, with the delivery chosen (when there is a choice). */
async function addToCart(
  page: Page,
  locale: Locale,
  shopItemId: number,
  { delivery, traveller }: { delivery?: 'PHYSICAL' | 'DEMATERIALIZED'; traveller?: string } = {},
): Promise<void> {
  const t = textsOf(locale).products;
  await page.goto(shopUrl(NETWORK, locale, `/products/${shopItemId}`));
  const purchase = page.getByRole('form', { name: t.purchase });
  await expect(purchase).toBeVisible();
  if (traveller) {
    await purchase
      .getByRole('radiogroup', { name: t.traveller.legend })
      .getByRole('radio', { name: new RegExp(traveller) })
      .check();
  }
  if (delivery) {
    await purchase
      .getByRole('radiogroup', { name: t.support.legend })
      .getByRole('radio', { name: new RegExp(t.support[delivery]) })
      .check();
  }
  await purchase.getByRole('button', { name: t.addToCart }).click();
  // The cart opens beside the page with the line.
  const sidebar = page.getByRole('dialog', { name: textsOf(locale).cart.title });
  await expect(
    sidebar.getByRole('group', { name: new RegExp(`^${textsOf(locale).cart.line.quantity}`) }),
  ).toHaveCount(1);
}

/** The cart page with its confirmations given (checked by axe when named), then on to the checkout. */
async function checkCartAndGoOn(page: Page, locale: Locale, name?: string): Promise<void> {
  const t = textsOf(locale);
  await page.goto(shopUrl(NETWORK, locale, '/cart'));
  await expect(heading(page, t.cart.title)).toBeVisible();
  await page.getByRole('checkbox', { name: t.cart.confirmations.terms }).check();
  await page.getByRole('checkbox', { name: t.cart.confirmations.privacy }).check();
  const over18 = page.getByRole('checkbox', { name: t.cart.confirmations.over18 });
  if (await over18.isVisible()) await over18.check();
  const checkout = page.getByRole('link', { name: t.cart.checkout.action });
  await expect(checkout).not.toHaveAttribute('aria-disabled', 'true');
  if (name) await checkStep(page, name, checkout);
  await checkout.click();
}

/**
 * A new customer's cart of one annual pass (payable in 1, 3 or 10 instalments, by card or SEPA
 * debit) for themself, on the mobile app, then on to the checkout. Lumière's default identity
 * provider counts the account as verified, so it may buy at once.
 */
async function fillCartAsCustomer(page: Page, locale: Locale, label: string): Promise<void> {
  const account = newAccount(label);
  await register(page, NETWORK, locale, account, 'verified');
  await addToCart(page, locale, SHOP_ITEMS.annualPass, {
    delivery: 'DEMATERIALIZED',
    traveller: account.firstName,
  });
  await checkCartAndGoOn(page, locale);
}

/** The page is in the language's direction and the appearance asked for (I18N-04, THEME-01). */
async function expectLocaleAndScheme(page: Page, locale: Locale, colorScheme: ColorScheme): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', colorScheme);
}

/**
 * Right to left, the layout is mirrored (I18N-04): the text of `element` starts at the right edge
 * of the page's column (the h1's container), left to right at its left edge.
 */
async function expectStartEdge(locale: Locale, element: Locator): Promise<void> {
  const gaps = await element.evaluate((target) => {
    const column = document.querySelector('main h1')?.parentElement;
    if (!column) throw new Error('no page heading');
    // The text as drawn: the boxes of its text nodes, whatever the width of their elements.
    const walker = document.createTreeWalker(target, NodeFilter.SHOW_TEXT);
    let left = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      left = Math.min(left, box.left);
      right = Math.max(right, box.right);
    }
    const outer = column.getBoundingClientRect();
    return { left: left - outer.left, right: outer.right - right };
  });
  if (locale === 'ar') expect(gaps.right).toBeLessThan(gaps.left);
  else expect(gaps.left).toBeLessThan(gaps.right);
}

for (const [locale, colorScheme] of [
  ['fr', 'light'],
  ['ar', 'dark'],
] as const satisfies [Locale, ColorScheme][]) {
  test.describe(`${locale} ${colorScheme}`, () => {
    test.use({ colorScheme });
    const t = textsOf(locale);
    const c = t.checkout;

    test(`I18N-04 THEME-01 CHK-01 CHK-07 a guest's cart, details, invoice email and delivery address pass axe, with their errors shown (${locale} ${colorScheme})`, async ({
      page,
    }) => {
      test.slow();
      await addToCart(page, locale, SHOP_ITEMS.singleTicket, { delivery: 'PHYSICAL' });
      await checkCartAndGoOn(page, locale, 'cart of a new card');
      await expectLocaleAndScheme(page, locale, colorScheme);

      // CHK-01: log in, sign up or continue as a guest.
      await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/cart/invite-login'));
      const guest = page.getByRole('button', { name: c.customer.continueAsGuest });
      await checkStep(page, 'customer info', guest);
      await expect(page.getByRole('button', { name: c.customer.logIn })).toBeVisible();
      await expect(page.getByRole('button', { name: c.customer.signUp })).toBeVisible();
      await expectStartEdge(locale, heading(page, c.steps.inviteLogin));
      await guest.click();

      // CHK-07: the invoice email, refused empty with its message on the field.
      await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/cart/invoice-email'));
      const email = field(page, c.invoiceEmail.label);
      await checkStep(page, 'invoice email', email);
      await page.getByRole('button', { name: c.continue }).click();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await checkStep(page, 'invoice email with its error', email);
      await expectStartEdge(locale, page.getByRole('button', { name: c.continue }));
      const account = newAccount('checkout-guest');
      await email.fill(account.email);
      await page.getByRole('button', { name: c.continue }).click();

      // A new transport card is posted: each empty field is marked.
      await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/cart/shipping-address'));
      const fullname = field(page, c.address.fullname);
      await checkStep(page, 'shipping address', fullname);
      await page.getByRole('button', { name: c.continue }).click();
      await expect(fullname).toHaveAttribute('aria-invalid', 'true');
      await checkStep(page, 'shipping address with errors', fullname);
      await fullname.fill('Yasmina Oudrari');
      await field(page, c.address.addressRoute).fill('8 rue des Tanneurs');
      await field(page, c.address.addressPostalCode).fill('69002');
      await field(page, c.address.addressCity).fill('Clairval');
      await field(page, c.address.addressState).fill('Auvergne-Rhône-Alpes');
      await page.getByRole('button', { name: c.continue }).click();
      await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/cart/checkout'));
    });

    test(`I18N-04 THEME-01 PAY-01 PAY-03 a guest's payment step passes axe, and so does its dialog after the provider's cancel (${locale} ${colorScheme})`, async ({
      page,
    }) => {
      test.slow();
      await addToCart(page, locale, SHOP_ITEMS.singleTicket, { delivery: 'DEMATERIALIZED' });
      await checkCartAndGoOn(page, locale);
      await page.getByRole('button', { name: c.customer.continueAsGuest }).click();
      await field(page, c.invoiceEmail.label).fill(newAccount('checkout-guest-pay').email);
      await page.getByRole('button', { name: c.continue }).click();

      // A guest pays once, by card.
      await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/cart/checkout'));
      await expectLocaleAndScheme(page, locale, colorScheme);
      const methods = page.getByRole('radiogroup', { name: c.payment.method });
      await expect(page.getByRole('region', { name: c.payment.scheduleTitle })).toBeVisible();
      await expect(methods.getByRole('radio')).toHaveCount(1);
      await checkStep(page, 'payment, guest', methods);
      await expectStartEdge(locale, methods);
      await page.getByRole('button', { name: c.payment.pay }).click();

      // The provider's page, in the buyer's language and appearance; cancelled there, back to the shop.
      await expectProviderPage(page, locale, new URL(networkUrl(NETWORK)).origin);
      await photograph(page, 'provider card page');
      await cancelPayment(page, locale);
      const dialog = page.getByRole('dialog', { name: c.result.cancelled.title });
      await checkStep(page, 'cancelled dialog', dialog, { modal: true });
      await expect(dialog.getByRole('button', { name: c.result.retry })).toBeFocused();
    });

    test(`I18N-04 THEME-01 CHK-05 CHK-06 the agency and pick-up slot of click and collect pass axe (${locale} ${colorScheme})`, async ({
      page,
    }) => {
      test.slow();
      await addToCart(page, locale, SHOP_ITEMS.paperCarnet);
      await checkCartAndGoOn(page, locale);
      await page.getByRole('button', { name: c.customer.continueAsGuest }).click();
      await field(page, c.invoiceEmail.label).fill(newAccount('checkout-collect').email);
      await page.getByRole('button', { name: c.continue }).click();

      await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/cart/collect'));
      await expectLocaleAndScheme(page, locale, colorScheme);
      const agencies = page.getByRole('radiogroup', { name: c.collect.agency });
      // CHK-06: ready 48 to 72 hours after the order.
      await expect(page.getByText(fill(c.collect.availability, { from: 48, to: 72 }))).toBeVisible();
      await checkStep(page, 'collect, agencies', agencies.getByRole('radio').first());
      await agencies.getByRole('radio', { name: /Gare Centrale/ }).check();
      const slots = page.getByRole('radiogroup', { name: c.collect.slotLegend });
      const open = slots.getByRole('radio', { disabled: false });
      await expect(open.first()).toBeVisible();
      await expect(slots.getByText(pattern(c.collect.placesLeft)).first()).toBeVisible();
      await checkStep(page, 'collect, slots', open.first());
      await expectStartEdge(locale, agencies);
      await open.first().check();
      await page.getByRole('button', { name: c.continue }).click();

      await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/cart/checkout'));
      await expect(page.getByRole('region', { name: c.payment.scheduleTitle })).toBeVisible();
    });

    test(`I18N-04 THEME-01 PAY-01 PAY-02 a customer's payment step, its instalments, methods and schedule pass axe (${locale} ${colorScheme})`, async ({
      page,
    }) => {
      test.slow();
      await fillCartAsCustomer(page, locale, 'checkout-instalments');

      // Signed in and verified: straight to the payment step.
      await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/cart/checkout'));
      await expectLocaleAndScheme(page, locale, colorScheme);
      const instalments = page.getByRole('radiogroup', { name: c.payment.installments });
      const schedule = page.getByRole('region', { name: c.payment.scheduleTitle });
      await expect(instalments.getByRole('radio')).toHaveCount(3);
      await expect(schedule).toBeVisible();
      await checkStep(page, 'payment, customer', instalments);
      await instalments.getByRole('radio', { name: fill(c.payment.installmentCount, { count: 10 }) }).check();
      // PAY-02: today, then one debit a month.
      await expect(schedule.getByRole('term')).toHaveCount(11);
      await expect(schedule.getByRole('term').first()).toHaveText(pattern(c.payment.firstDebit));
      const methods = page.getByRole('radiogroup', { name: c.payment.method });
      await methods.getByRole('radio', { name: c.payment.methods.TRANSFER }).check();
      await expect(page.getByRole('checkbox', { name: c.payment.saveMethod })).toBeVisible();
      await checkStep(page, 'payment, ten instalments by SEPA debit', schedule);
      await expectStartEdge(locale, instalments);
    });

    test(`I18N-04 THEME-01 PAY-03 ORD-05 a customer's confirmed payment, its dialog and the invoices page pass axe (${locale} ${colorScheme})`, async ({
      page,
    }) => {
      test.slow();
      await fillCartAsCustomer(page, locale, 'checkout-invoices');
      await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/cart/checkout'));
      await expect(page.getByRole('region', { name: c.payment.scheduleTitle })).toBeVisible();
      await page.getByRole('button', { name: c.payment.pay }).click();
      await expectProviderPage(page, locale, new URL(networkUrl(NETWORK)).origin);
      await payByCard(page, locale, TEST_CARDS.succeeds);

      // PAY-03: the confirmed payment, then the account's invoices (ORD-05).
      const dialog = page.getByRole('dialog', { name: c.result.confirmed.title });
      await checkStep(page, 'confirmed dialog', dialog, { modal: true });
      await dialog.getByRole('link', { name: c.result.invoices }).click();
      await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/account/invoices'));
      await expectLocaleAndScheme(page, locale, colorScheme);
      const invoices = page.getByRole('table', { name: t.account.invoices.title });
      await expect(invoices.getByRole('row')).toHaveCount(2);
      await expect(
        invoices.getByRole('button', { name: pattern(t.account.invoices.downloadLabel) }),
      ).toBeVisible();
      await checkStep(page, 'invoices', invoices);
      await expectStartEdge(locale, invoices.getByRole('columnheader').first());
    });
  });
}

test('PAY-01 PAY-02 with the keyboard alone, a customer chooses the instalments and the method and reaches the provider page (fr light)', async ({
  page,
}) => {
  test.slow();
  const c = textsOf('fr').checkout;
  await fillCartAsCustomer(page, 'fr', 'checkout-keyboard');
  await expect(page).toHaveURL(shopUrl(NETWORK, 'fr', '/cart/checkout'));

  const instalments = page.getByRole('radiogroup', { name: c.payment.installments });
  const one = instalments.getByRole('radio', { name: c.payment.installmentOne });
  const three = instalments.getByRole('radio', { name: fill(c.payment.installmentCount, { count: 3 }) });
  const methods = page.getByRole('radiogroup', { name: c.payment.method });
  const card = methods.getByRole('radio', { name: c.payment.methods.CARD });
  const transfer = methods.getByRole('radio', { name: c.payment.methods.TRANSFER });
  const pay = page.getByRole('button', { name: c.payment.pay });
  const schedule = page.getByRole('region', { name: c.payment.scheduleTitle });
  await expect(schedule).toBeVisible();
  await expect(one).toBeChecked();
  await expect(card).toBeChecked();

  // From the top of the step, Tab reaches the chosen number of payments, then the chosen method.
  await page.getByRole('heading', { level: 1, name: c.steps.payment }).click();
  await page.keyboard.press('Tab');
  await expect(one).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(three).toBeChecked();
  await expect(schedule.getByRole('term')).toHaveCount(4);
  await page.keyboard.press('Tab');
  await expect(card).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(transfer).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(card).toBeChecked();
  await expect(card).toBeFocused();
  // On to Pay past the save-method box; Enter pays and the browser goes to the provider.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: c.payment.saveMethod })).toBeFocused();
  // Pay waits while the changed choices are priced again; a disabled button takes no focus.
  await expect(pay).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(pay).toBeFocused();
  await page.keyboard.press('Enter');
  await expectProviderPage(page, 'fr', new URL(networkUrl(NETWORK)).origin);
});
