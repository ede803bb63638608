// A customer's saved card on the account's payment methods page, on lumiere: saved by a payment
// made with the option to keep it, then shown with its masked number and expiry, bookmarked and
// unbookmarked (the state the server keeps across a reload), and removed after a confirmation.
// axe finds no serious or critical violation on the page and its dialog, in light and dark, in
// English and in Arabic (right to left).
import { expect, type Locator, type Page, test } from '@playwright/test';
import { newAccount, register, shopUrl } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import {
  addDayPass,
  choosePayment,
  expectCardFormAtProvider,
  NETWORK,
  pay,
  resultDialog,
  startCheckout,
} from './support/checkout.ts';
import { payByCard, TEST_CARDS } from './support/payment-page.ts';
import { type Locale, pattern, textsOf } from './support/texts.ts';

const locale: Locale = 'en';
const t = textsOf(locale);

test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

/** The card the payment saved, as the page writes it: grouped by 4, its expiry (payment-page.ts). */
const savedCardLabel = () =>
  `•••• •••• •••• 4242 · 12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;

/** A new verified customer who paid a day pass by card, asking for the card to be kept. */
async function customerWithSavedCard(page: Page, label: string): Promise<void> {
  await register(page, NETWORK, locale, newAccount(label), 'verified');
  await addDayPass(page, locale);
  await startCheckout(page, locale);
  await choosePayment(page, locale, { method: 'CARD' });
  await page.getByRole('checkbox', { name: t.checkout.payment.saveMethod }).check();
  await pay(page, locale);
  await expectCardFormAtProvider(page, locale);
  await payByCard(page, locale, TEST_CARDS.succeeds);
  await expect(resultDialog(page, locale, 'confirmed')).toBeVisible();
}

/** Once a dialog's fade-in is over: before, axe reads its colours half-blended with the backdrop. */
async function untilShown(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('xpath=..')).toHaveCSS('opacity', '1');
}

async function checkAxe(page: Page, name: string): Promise<void> {
  await test.step(`axe on ${name}`, async () => {
    expect.soft(await seriousViolations(page), `serious violations on ${name}`).toEqual([]);
  });
}

test('PM-01 PM-03 a card saved by a payment is shown masked with its expiry, bookmarked, unbookmarked and removed', async ({
  page,
}) => {
  test.slow();
  await customerWithSavedCard(page, 'saved-card');

  // PM-01: from the account page to the card, its number grouped by 4 with its expiry.
  const p = t.account.paymentCards;
  await page.goto(shopUrl(NETWORK, locale, '/account'));
  await page.getByRole('link', { name: p.title }).click();
  await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/account/payment-cards'));
  await expect(page.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
  const label = savedCardLabel();
  const cards = page.getByRole('region', { name: p.cards });
  const card = cards.getByRole('listitem').filter({ hasText: label });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Visa');
  await expect(page.getByRole('region', { name: p.bankAccounts })).toHaveCount(0);
  await checkAxe(page, 'payment methods (light)');

  // PM-03: bookmarked, as the server keeps it.
  const star = card.getByRole('button', { name: pattern(p.bookmark) });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText(p.bookmarked, { exact: true })).toBeVisible();
  await page.reload();
  await expect(star).toHaveAttribute('aria-pressed', 'true');

  // Unbookmarked, from the keyboard.
  await star.focus();
  await page.keyboard.press('Space');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByText(p.bookmarked, { exact: true })).toHaveCount(0);

  // Removed after a confirmation; Cancel keeps it.
  const remove = card.getByRole('button', { name: pattern(p.removeLabel) });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: p.confirmTitle });
  await untilShown(dialog);
  await checkAxe(page, 'the removal dialog (light)');
  await dialog.getByRole('button', { name: p.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();
  await remove.click();
  await dialog.getByRole('button', { name: p.confirm, exact: true }).click();
  await expect(page.getByText(pattern(p.removed))).toBeVisible();
  await expect(page.getByText(p.empty)).toBeVisible();
  await page.reload();
  await expect(page.getByText(p.empty)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: label })).toHaveCount(0);
});

test('PM-01 PM-02 axe on the payment methods page and its dialog, in English and Arabic, light and dark', async ({
  page,
}) => {
  test.slow();
  await customerWithSavedCard(page, 'cards-axe');

  const label = savedCardLabel();
  for (const pageLocale of ['en', 'ar'] as const satisfies Locale[]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const texts = textsOf(pageLocale).account.paymentCards;
      await page.emulateMedia({ colorScheme });
      await page.goto(shopUrl(NETWORK, pageLocale, '/account/payment-cards'));
      await expect(page.locator('html')).toHaveAttribute('dir', pageLocale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('html')).toHaveAttribute('data-color-scheme', colorScheme);
      const card = page.getByRole('listitem').filter({ hasText: label });
      const star = card.getByRole('button', { name: pattern(texts.bookmark) });
      // Bookmarked in the first pass: the page is checked with its chips shown.
      if ((await star.getAttribute('aria-pressed')) !== 'true') await star.click();
      await expect(card.getByText(texts.bookmarked, { exact: true })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await checkAxe(page, `payment methods (${pageLocale}, ${colorScheme})`);
      await card.getByRole('button', { name: pattern(texts.removeLabel) }).click();
      const dialog = page.getByRole('dialog', { name: texts.confirmTitle });
      await untilShown(dialog);
      await checkAxe(page, `the removal dialog (${pageLocale}, ${colorScheme})`);
      await dialog.getByRole('button', { name: texts.cancel }).click();
      await expect(dialog).toBeHidden();
    }
  }
});
