// One cart in every tab of a browser (decision 0039), as a guest on lumiere: two tabs of one browser
// reach the payment step of the same cart, a third shows the cart; the first pays. The cart empties
// in every tab, and the second tab says the cart was paid (which order) instead of offering to pay
// it again: one order, one charge.
import { expect, type Page, test } from '@playwright/test';
import { newAccount, shopUrl } from './support/accounts.ts';
import {
  addDayPass,
  choosePayment,
  continueAsGuest,
  expectCardFormAtProvider,
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

test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

/** The header's cart button, labelled with the number of articles the cart holds. */
const expectCartCount = (page: Page, locale: Locale, count: number) =>
  expect(page.locator('header button[aria-haspopup="dialog"]')).toHaveAttribute(
    'aria-label',
    fill(textsOf(locale).cart.open, { count }),
  );

test('a cart paid in one tab is emptied in every tab, and a second tab at the payment step shows the paid order instead of paying again', async ({
  page,
  context,
  request,
}) => {
  // Three tabs and the provider's page: a long journey on a busy machine.
  test.setTimeout(180_000);
  const locale: Locale = 'en';
  const t = textsOf(locale);
  const guest = newAccount('guest-tabs');
  const placedFirst = await watchOrders(page);

  // The first tab fills the cart and goes to the payment step.
  await addDayPass(page, locale);
  await startCheckout(page, locale);
  await continueAsGuest(page, locale, guest.email);
  await choosePayment(page, locale, { method: 'CARD' });

  // A second tab of the same browser finds the same cart and reaches the payment step too.
  const second = await context.newPage();
  const placedSecond = await watchOrders(second);
  await second.goto(shopUrl(NETWORK, locale, '/cart'));
  await expect(second.getByRole('heading', { level: 1, name: t.cart.title })).toBeVisible();
  await expectCartCount(second, locale, 1);
  await second.getByRole('link', { name: t.cart.checkout.action }).click();
  await continueAsGuest(second, locale, guest.email);
  await choosePayment(second, locale, { method: 'CARD' });
  await expect(second.getByRole('button', { name: t.checkout.payment.pay, exact: true })).toBeEnabled();

  // A third tab shows the cart.
  const third = await context.newPage();
  await third.goto(shopUrl(NETWORK, locale, '/cart'));
  await expectCartCount(third, locale, 1);

  // The first tab pays.
  await page.bringToFront();
  await pay(page, locale);
  await expectCardFormAtProvider(page, locale);
  await payByCard(page, locale, TEST_CARDS.succeeds);
  await expect(resultDialog(page, locale, 'confirmed')).toBeVisible();
  expect(placedFirst.placed).toHaveLength(1);
  const [order] = placedFirst.placed;
  expect(await orderNumberIn(page, locale, 'confirmed')).toBe(String(order?.orderId));

  // The third tab's cart is empty.
  await third.bringToFront();
  await expectCartCount(third, locale, 0);

  // The second tab says the cart was paid, which order, and offers no payment.
  await second.bringToFront();
  const paid = second.getByRole('dialog', { name: t.checkout.result.paidElsewhere.title });
  await expect(paid).toBeVisible();
  await expect(paid).toContainText(String(order?.orderId));
  expect(new URL(second.url()).searchParams.get('order')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(second.getByRole('button', { name: t.checkout.payment.pay, exact: true })).toHaveCount(0);
  await expectCartCount(second, locale, 0);
  // A reload shows the same order again.
  await second.reload();
  await expect(resultDialog(second, locale, 'confirmed')).toBeVisible();
  expect(await orderNumberIn(second, locale, 'confirmed')).toBe(String(order?.orderId));

  // One order, paid once.
  expect(placedSecond.placed).toEqual([]);
  const orders = await ordersOfSession(context, request);
  expect(orders.map((summary) => [summary.orderId, summary.status])).toEqual([[order?.orderId, 'COMPLETED']]);
});
