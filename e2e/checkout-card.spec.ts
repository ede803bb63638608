// Paying by card on the payment provider's hosted page, as a guest on lumiere: a day pass paid
// with the test card that succeeds and its confirmation emailed with the invoice PDF; a refused
// card, its dialog and a retry that pays (a new attempt, one order paid); a payment cancelled on
// the provider's page, its dialog and the cart still there. The shop's pages never take card details:
// the card is typed on the provider's origin only.
import { expect, type Page, test } from '@playwright/test';
import { newAccount, shopUrl } from './support/accounts.ts';
import {
  addDayPass,
  choosePayment,
  continueAsGuest,
  expectCardFormAtProvider,
  expectNoPaymentDetailsInput,
  NETWORK,
  orderNumberIn,
  pay,
  pdfTitleOf,
  resultDialog,
  startCheckout,
  watchOrders,
} from './support/checkout.ts';
import { waitForMailWithSubject } from './support/mailbox.ts';
import { cancelPayment, payByCard, TEST_CARDS } from './support/payment-page.ts';
import { fill, type Locale, textsOf } from './support/texts.ts';

const locale: Locale = 'en';
const t = textsOf(locale);

// A failure keeps its trace without the screencast, which costs these long journeys several
// seconds on a busy machine.
test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

/** A guest with a day pass in the cart, on the payment step. */
async function guestAtPayment(page: Page, invoiceEmail: string) {
  await addDayPass(page, locale);
  await startCheckout(page, locale);
  await continueAsGuest(page, locale, invoiceEmail);
  await choosePayment(page, locale, { method: 'CARD' });
}

test('CHK-01 CHK-07 AUTH-04 PAY-01 PAY-03 ORD-04 a guest pays a day pass by card on the provider page and gets the confirmation with the invoice PDF', async ({
  page,
}) => {
  const guest = newAccount('guest-card');
  await guestAtPayment(page, guest.email);
  // AUTH-04: a guest pays in one payment.
  await expect(
    page.getByRole('radiogroup', { name: t.checkout.payment.installments }).getByRole('radio'),
  ).toHaveCount(1);

  await pay(page, locale);
  await expectCardFormAtProvider(page, locale);
  await payByCard(page, locale, TEST_CARDS.succeeds);

  // Back in the shop: the server's word, the guest told where the invoice goes, the cart emptied.
  const confirmed = resultDialog(page, locale, 'confirmed');
  await expect(confirmed).toBeVisible();
  await expect(confirmed).toContainText(fill(t.checkout.result.guestInvoice, { email: guest.email }));
  const orderNumber = await orderNumberIn(page, locale, 'confirmed');
  await expectNoPaymentDetailsInput(page);

  // CHK-07: the confirmation goes to the invoice email with the invoice attached as a PDF.
  const mail = await waitForMailWithSubject(
    guest.email,
    new RegExp(`your order ${orderNumber} is confirmed`),
  );
  expect(mail.headers['x-network']).toBe(NETWORK);
  // The invoice, then the day pass printed with its code (decision 0030).
  expect(mail.attachments.map((attached) => attached.filename)).toEqual([
    expect.stringMatching(/^LUM-\d{6}\.pdf$/),
    'ticket-1.pdf',
  ]);
  const [attachment] = mail.attachments;
  if (!attachment) throw new Error('unreachable: the attachments counted');
  expect(attachment.contentType).toMatch(/^application\/pdf\b/);
  const invoiceNumber = attachment.filename.replace(/\.pdf$/, '');
  expect(invoiceNumber).toMatch(/^LUM-\d{6}$/);
  expect(mail.text).toContain(`Your invoice ${invoiceNumber} is attached`);
  const pdf = Buffer.from(attachment.base64, 'base64');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfTitleOf(pdf)).toBe(`Invoice ${invoiceNumber}`);

  // The order is taken: the cart is emptied.
  await confirmed.getByRole('link', { name: t.checkout.result.backHome }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart/ })).toHaveAccessibleName(
    fill(t.cart.open, { count: 0 }),
  );
});

test('PAY-03 ORD-01 a refused card shows the refusal dialog, and a retry with a good card pays one order', async ({
  page,
}) => {
  // Two trips to the provider's page: on a busy machine this journey alone nears 30 s.
  test.slow();
  const orders = await watchOrders(page);
  const guest = newAccount('guest-refused');
  await guestAtPayment(page, guest.email);
  await pay(page, locale);
  await expectCardFormAtProvider(page, locale);
  await payByCard(page, locale, TEST_CARDS.declined);

  const failed = resultDialog(page, locale, 'failed');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText(t.apiErrors.PAYMENT_REFUSED);
  await expectNoPaymentDetailsInput(page);

  // A new attempt from the payment step, the cart still there: paid this time.
  await failed.getByRole('button', { name: t.checkout.result.retry }).click();
  await expect(failed).toBeHidden();
  await choosePayment(page, locale, { method: 'CARD' });
  await pay(page, locale);
  await expectCardFormAtProvider(page, locale);
  await payByCard(page, locale, TEST_CARDS.succeeds);

  await expect(resultDialog(page, locale, 'confirmed')).toBeVisible();
  const orderNumber = await orderNumberIn(page, locale, 'confirmed');

  // Two attempts, two orders (decision 0019: a retry takes a new key): the refused one in error,
  // the retry's completed, and only that one confirmed by email.
  await expect.poll(() => orders.acknowledged.length).toBe(2);
  const [refused, paid] = orders.placed;
  expect(orders.placed).toHaveLength(2);
  expect(paid?.orderId).toBe(Number(orderNumber));
  expect(refused?.orderId).not.toBe(paid?.orderId);
  expect(orders.acknowledged).toEqual([
    { orderId: refused?.orderId, status: 'ERROR' },
    { orderId: paid?.orderId, status: 'COMPLETED' },
  ]);
  const mail = await waitForMailWithSubject(guest.email, /is confirmed/);
  expect(mail.subject).toContain(`your order ${orderNumber} is confirmed`);
});

test('PAY-03 a payment cancelled on the provider page shows the cancelled dialog and keeps the cart', async ({
  page,
}) => {
  const guest = newAccount('guest-cancel');
  await guestAtPayment(page, guest.email);
  await pay(page, locale);
  await expectCardFormAtProvider(page, locale);
  await cancelPayment(page, locale);

  const cancelled = resultDialog(page, locale, 'cancelled');
  await expect(cancelled).toBeVisible();
  await expect(cancelled).toContainText(t.apiErrors.PAYMENT_CANCELLED);
  await expectNoPaymentDetailsInput(page);

  await cancelled.getByRole('link', { name: t.checkout.backToCart }).click();
  await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/cart'));
  await expect(page.getByRole('group', { name: new RegExp(`^${t.cart.line.quantity}`) })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: '24-hour pass' })).toBeVisible();
});
