// The payment provider's hosted page (the payment sandbox, on its own origin) as a buyer fills it:
// found by the texts it shows in the buyer's language, with the sandbox's test cards and IBANs.
import { expect, type Page } from '@playwright/test';
import { messagesFor } from '../../platform/payment-sandbox/src/pages/messages.ts';
import type { Locale } from './texts.ts';

export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** Saved, then every later charge on it declined. */
  declinesLaterCharges: '4000 0000 0000 0341',
} as const;
export const TEST_IBAN_SETTLES = 'FR76 3000 6000 0112 3456 7890 189';

/** A future expiry as the card form asks for it (MM/YY). */
const nextYearExpiry = () => `12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;

/**
 * Waits until the browser is on the provider's payment form, on another origin than the shop's:
 * the document's title names the secure payment, the heading the card or the SEPA form.
 */
export async function expectProviderPage(page: Page, locale: Locale, shopOrigin: string): Promise<void> {
  const t = messagesFor(locale);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^(${t.cardHeading}|${t.mandateHeading})$`) }),
  ).toBeVisible();
  expect(await page.title()).toContain(t.pageTitle);
  expect(new URL(page.url()).origin).not.toBe(shopOrigin);
}

export async function payByCard(page: Page, locale: Locale, number: string, holder = 'Ada Lovelace') {
  const t = messagesFor(locale);
  await page.getByLabel(t.cardHolder).fill(holder);
  await page.getByLabel(t.cardNumber).fill(number);
  await page.getByLabel(t.expiry).fill(nextYearExpiry());
  await page.getByLabel(t.cvc).fill('123');
  await payButton(page).click();
}

export async function signMandate(
  page: Page,
  locale: Locale,
  iban = TEST_IBAN_SETTLES,
  holder = 'Ada Lovelace',
) {
  const t = messagesFor(locale);
  await page.getByLabel(t.accountHolder).fill(holder);
  await page.getByLabel(t.iban, { exact: true }).fill(iban);
  await page.getByRole('checkbox', { name: t.consent }).check();
  await payButton(page).click();
}

export async function cancelPayment(page: Page, locale: Locale) {
  await page.getByRole('button', { name: messagesFor(locale).cancel, exact: true }).click();
}

/** The Pay button, whose name carries the amount in the page's language. */
const payButton = (page: Page) => page.locator('button[name="action"][value="pay"]');
