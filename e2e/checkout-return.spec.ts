// Paying once for one cart (decision 0021), as a guest on lumiere: the provider's page paid in a
// second browser (as after switching apps on a phone) sends that browser back with the order's
// reference, where the confirmation shows without the cart or the session; back in the first
// browser the confirmation shows and the cart is empty, a reload of the payment step shows it
// again, and the same pass bought again within minutes is asked about first: no second charge.
// The outcome dialog and the repeat question pass axe in English and Arabic, light and dark; with
// RETURN_SCREENSHOTS=<folder> they are also photographed at a desktop and a phone width.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { newAccount, shopUrl } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import {
  addDayPass,
  choosePayment,
  continueAsGuest,
  expectCardFormAtProvider,
  expectNoPaymentDetailsInput,
  NETWORK,
  orderNumberIn,
  ordersOfSession,
  pay,
  resultDialog,
  startCheckout,
  watchOrders,
} from './support/checkout.ts';
import { payByCard, TEST_CARDS } from './support/payment-page.ts';
import { fill, type Locale, textsOf } from './support/texts.ts';

// biome-ignore lint/suspicious/noUndeclaredEnvVars: the test runner's own variable; turbo does not run these tests
const screenshotDir = process.env.RETURN_SCREENSHOTS;
const PHONE = { width: 390, height: 844 };

// A failure keeps its trace without the screencast, which costs these long journeys several
// seconds on a busy machine.
test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

/**
 * The header's cart button, labelled with the number of articles the cart holds; read by its label,
 * as the outcome's dialog hides the page behind it from the accessibility tree.
 */
const expectCartCount = (page: Page, locale: Locale, count: number) =>
  expect(page.locator('header button[aria-haspopup="dialog"]')).toHaveAttribute(
    'aria-label',
    fill(textsOf(locale).cart.open, { count }),
  );

/** A guest with a day pass in the cart, at the payment step, then on the provider's page. */
async function guestAtProvider(page: Page, locale: Locale, invoiceEmail: string) {
  await addDayPass(page, locale);
  await startCheckout(page, locale);
  await continueAsGuest(page, locale, invoiceEmail);
  await choosePayment(page, locale, { method: 'CARD' });
  await pay(page, locale);
  await expectCardFormAtProvider(page, locale);
}

/** The same day pass again, up to Pay, for a guest whose session is still open (its invoice email asked again). */
async function buyAgain(page: Page, locale: Locale, invoiceEmail: string) {
  const t = textsOf(locale).checkout;
  await addDayPass(page, locale);
  await startCheckout(page, locale);
  await expect(page.getByRole('heading', { level: 1, name: t.steps.invoiceEmail })).toBeVisible();
  await page.getByRole('textbox', { name: t.invoiceEmail.label }).fill(invoiceEmail);
  await page.getByRole('button', { name: t.continue }).click();
  await choosePayment(page, locale, { method: 'CARD' });
  await pay(page, locale);
}

/** Axe on the page as it is in light and in dark, photographed in each when asked. */
async function checkInBothSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', colorScheme);
    await photograph(page, `${name}-${colorScheme}`);
    expect.soft(await seriousViolations(page), `serious violations on ${name} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function photograph(page: Page, name: string): Promise<void> {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  const desktop = page.viewportSize();
  await page.screenshot({ path: join(screenshotDir, `${name}-desktop.png`) });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(screenshotDir, `${name}-phone.png`) });
  if (desktop) await page.setViewportSize(desktop);
}

test('PAY-03 paid in a second browser, back in the first: the confirmation shows and the cart is empty; a reload shows it again; no second charge', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, the provider's page, and the pass bought again: a long journey on a busy machine.
  test.setTimeout(180_000);
  const locale: Locale = 'en';
  const t = textsOf(locale);
  const guest = newAccount('guest-return');
  const placed = await watchOrders(page);
  await guestAtProvider(page, locale, guest.email);
  expect(placed.placed).toHaveLength(1);
  const [order] = placed.placed;

  // The provider's page opened in another browser (another app of the phone), and paid there.
  const phone = await browser.newContext();
  try {
    const other = await phone.newPage();
    const elsewhere = await watchOrders(other);
    await other.goto(page.url());
    await expectCardFormAtProvider(other, locale);
    await payByCard(other, locale, TEST_CARDS.succeeds);
    // That browser has neither the cart nor the session: the order's reference tells the outcome.
    await expect(resultDialog(other, locale, 'confirmed')).toBeVisible();
    expect(new URL(other.url()).searchParams.get('order')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await orderNumberIn(other, locale, 'confirmed')).toBe(String(order?.orderId));
    await expect(resultDialog(other, locale, 'confirmed')).toContainText(
      fill(t.checkout.result.guestInvoice, { email: `${guest.email.slice(0, 1)}•••@example.org` }),
    );
    expect(elsewhere.placed).toEqual([]);
  } finally {
    await phone.close();
  }
  // The first browser's tab is in front again (a page behind draws no frame, so its dialogs never settle).
  await page.bringToFront();

  // Back in the first browser, whose tab was left on the provider's page.
  await page.goBack();
  await expect(resultDialog(page, locale, 'confirmed')).toBeVisible();
  expect(await orderNumberIn(page, locale, 'confirmed')).toBe(String(order?.orderId));
  await expectNoPaymentDetailsInput(page);
  await expectCartCount(page, locale, 0);

  // A reload of the payment step: the outcome again, the cart still empty.
  await page.reload();
  await expect(resultDialog(page, locale, 'confirmed')).toBeVisible();
  expect(await orderNumberIn(page, locale, 'confirmed')).toBe(String(order?.orderId));
  await expectCartCount(page, locale, 0);

  // The same pass again minutes later: asked first, and not bought.
  await buyAgain(page, locale, guest.email);
  const question = page.getByRole('dialog', { name: t.checkout.repeat.title });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: t.checkout.repeat.cancel }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/cart/checkout'));

  // One order, paid once: no second charge.
  const orders = await ordersOfSession(page.context(), request);
  expect(orders.map((summary) => [summary.orderId, summary.status])).toEqual([[order?.orderId, 'COMPLETED']]);
  expect(placed.placed).toHaveLength(1);
});

for (const locale of ['en', 'ar'] as const satisfies Locale[]) {
  test(`I18N-04 THEME-01 PAY-03 the confirmation from the order's reference and the repeat question pass axe in light and dark (${locale})`, async ({
    page,
  }) => {
    // The provider's page, axe four times, and the pass bought again.
    test.setTimeout(180_000);
    const t = textsOf(locale);
    const guest = newAccount(`guest-return-${locale}`);
    await guestAtProvider(page, locale, guest.email);
    await payByCard(page, locale, TEST_CARDS.succeeds);
    const confirmed = resultDialog(page, locale, 'confirmed');
    await expect(confirmed).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await checkInBothSchemes(page, `outcome-confirmed-${locale}`);

    await buyAgain(page, locale, guest.email);
    const question = page.getByRole('dialog', { name: t.checkout.repeat.title });
    await expect(question).toBeVisible();
    await checkInBothSchemes(page, `repeat-question-${locale}`);
    await question.getByRole('button', { name: t.checkout.repeat.cancel }).click();
    await expect(question).toBeHidden();
  });
}
