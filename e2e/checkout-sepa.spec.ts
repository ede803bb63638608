// Paying a monthly pass by SEPA direct debit in 3 instalments, as a signed-in customer on lumiere:
// the schedule and total shown before paying, the mandate signed on the provider's page with the
// test IBAN that settles, the order awaiting the bank's answer and then paid, and its invoice on
// /account/invoices, downloaded as a PDF named by its number.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { newAccount, register, shopUrl } from './support/accounts.ts';
import {
  addProduct,
  choosePayment,
  euros,
  expectMandateAtProvider,
  expectNoPaymentDetailsInput,
  NETWORK,
  orderNumberIn,
  pay,
  pdfTitleOf,
  resultDialog,
  scheduleOf,
  startCheckout,
} from './support/checkout.ts';
import { signMandate } from './support/payment-page.ts';
import { fill, type Locale, textsOf } from './support/texts.ts';

const locale: Locale = 'en';
const t = textsOf(locale);

// A failure keeps its trace without the screencast, which costs these long journeys several
// seconds on a busy machine.
test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

/** The monthly pass: payable in 1 or 3 instalments in the demo catalogue (tenants/lumiere). */
const MONTHLY_PASS = { shopItemId: 2101, name: 'Monthly pass', price: 6500 };

/**
 * The due dates of monthly debits as the schedule writes them: the order day in the network's
 * time zone, then the same day of the following months (the last day of a shorter month).
 */
function monthlyDueDates(count: number): string[] {
  const [year = 0, month = 1, day = 1] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' })
    .format(new Date())
    .split('-')
    .map(Number);
  const written = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  return Array.from({ length: count }, (_, index) => {
    const lastDay = new Date(Date.UTC(year, month + index, 0)).getUTCDate();
    return written.format(new Date(Date.UTC(year, month - 1 + index, Math.min(day, lastDay))));
  });
}

test('PAY-01 PAY-02 PAY-03 ORD-01 ORD-04 ORD-05 a customer pays a monthly pass in 3 SEPA instalments, sees the schedule first, and downloads the invoice', async ({
  page,
}) => {
  // The mandate's debit settles 5 s after it is signed (playwright.config.ts), then the invoice
  // is drawn.
  test.slow();
  const account = newAccount('sepa');
  await register(page, NETWORK, locale, account, 'verified');

  await addProduct(page, locale, MONTHLY_PASS.shopItemId, {
    delivery: 'DEMATERIALIZED',
    traveller: account.firstName,
  });
  await startCheckout(page, locale);
  await choosePayment(page, locale, { method: 'TRANSFER', installments: 3 });

  // PAY-02: today's debit, then the same day of the next two months, adding up to the total
  // shown: 6500 split in 3 leaves 2 minor units, charged with the first debit.
  const p = t.checkout.payment;
  const [today, nextMonth, monthAfter] = monthlyDueDates(3);
  await expect
    .poll(() => scheduleOf(page, locale))
    .toEqual([
      [fill(p.firstDebit, { date: today ?? '' }), euros(2168)],
      [fill(p.laterDebit, { number: 2, date: nextMonth ?? '' }), euros(2166)],
      [fill(p.laterDebit, { number: 3, date: monthAfter ?? '' }), euros(2166)],
      [p.total, euros(MONTHLY_PASS.price)],
    ]);

  await pay(page, locale);
  await expectMandateAtProvider(page, locale);
  await signMandate(page, locale);

  // PAY-03: back in the shop, the order is taken and awaits the bank's answer.
  const pending = resultDialog(page, locale, 'pending');
  await expect(pending).toBeVisible();
  const orderNumber = await orderNumberIn(page, locale, 'pending');
  await expectNoPaymentDetailsInput(page);

  // ORD-05: the order on the invoices page, paid once the debit settled, with its invoice.
  await pending.getByRole('link', { name: t.checkout.result.invoices }).click();
  await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/account/invoices'));
  const row = page
    .getByRole('table', { name: t.account.invoices.title })
    .getByRole('row')
    .filter({ hasText: fill(t.account.invoices.orderNumber, { number: orderNumber }) });
  await expect(async () => {
    await page.reload();
    await expect(
      row.getByRole('cell', { name: t.account.invoices.statuses.COMPLETED, exact: true }),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText(euros(MONTHLY_PASS.price));
  await expectNoPaymentDetailsInput(page);
  const invoiceNumber = (await row.getByText(/^LUM-\d{6}$/).innerText()).trim();

  // ORD-04: the invoice downloads as a PDF named and titled by its number.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row
      .getByRole('button', { name: fill(t.account.invoices.downloadLabel, { number: invoiceNumber }) })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const path = await download.path();
  const pdf = await readFile(path);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfTitleOf(pdf)).toBe(`Invoice ${invoiceNumber}`);
});
