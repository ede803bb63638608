// A tacit subscription bought and managed in a real browser, on lumiere (decision 0043): the monthly
// pass chosen "as a subscription" on its product page, paid by card on the provider's page (the card
// kept for the renewals), then listed in the account with its next payment (SUB-01, SUB-02), its card
// locked on the payment methods page, the account's deletion refused while it runs (ACC-08), and its
// termination with its consequences said first; on another, a new card typed on the provider's page. axe finds no serious or critical violation on the
// subscription pages in English and Arabic, light and dark, on a phone.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { messagesFor } from '../platform/payment-sandbox/src/pages/messages.ts';
import { type Account, newAccount, register, shopUrl } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import {
  addToCart,
  choosePayment,
  expectCardFormAtProvider,
  NETWORK,
  pay,
  resultDialog,
  startCheckout,
} from './support/checkout.ts';
import { waitForMail } from './support/mailbox.ts';
import { payByCard, TEST_CARDS } from './support/payment-page.ts';
import { runRenewalsIn } from './support/subscriptions.ts';
import { fill, type Locale, pattern, textsOf } from './support/texts.ts';

const locale: Locale = 'en';
const t = textsOf(locale);
/** Lumière's monthly pass sold as a subscription (tenants/lumiere/catalogue.json). */
const MONTHLY_SUBSCRIPTION = 2102;
const PASS_NAME = 'Monthly pass, renewable';

test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

/** A new verified customer who subscribed to the monthly pass with a new card. */
async function subscribedCustomer(page: Page, label: string): Promise<Account> {
  const account = newAccount(label);
  await register(page, NETWORK, locale, account, 'verified');
  await page.goto(shopUrl(NETWORK, locale, `/products/${MONTHLY_SUBSCRIPTION}`));
  await expect(page.getByRole('heading', { level: 1, name: PASS_NAME })).toBeVisible();
  await page
    .getByRole('radiogroup', { name: t.products.support.legend })
    .getByRole('radio', { name: new RegExp(t.products.support.DEMATERIALIZED) })
    .check();
  // One period is chosen first: subscribing is the customer's own choice.
  const buying = page.getByRole('radiogroup', { name: t.products.buying.legend });
  await expect(buying.getByRole('radio', { name: pattern(t.products.buying.once) })).toBeChecked();
  await buying.getByRole('radio', { name: pattern(t.products.buying.subscribe) }).check();
  await addToCart(page, locale);
  await startCheckout(page, locale);
  await choosePayment(page, locale, { method: 'CARD' });
  await pay(page, locale);
  await expectCardFormAtProvider(page, locale);
  await payByCard(page, locale, TEST_CARDS.succeeds);
  await expect(resultDialog(page, locale, 'confirmed')).toBeVisible();
  return account;
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

test('SUB-01 SUB-02 ACC-08 a monthly pass bought as a subscription is listed, locks its card and the deletion, and is terminated after its consequences', async ({
  page,
}) => {
  test.slow();
  await subscribedCustomer(page, 'subscriber');

  // SUB-01: from the account page to the subscription, with its next payment and its card.
  const s = t.account.tacit;
  await page.goto(shopUrl(NETWORK, locale, '/account'));
  await page.getByRole('link', { name: s.title }).click();
  await expect(page).toHaveURL(shopUrl(NETWORK, locale, '/account/tacit'));
  await expect(page.getByRole('heading', { level: 1, name: s.title })).toBeVisible();
  const item = page.getByRole('article', { name: PASS_NAME });
  await expect(item).toBeVisible();
  await expect(item).toContainText(s.status.ACTIVE);
  await expect(item).toContainText('4242');
  await item.getByRole('link', { name: fill(s.openLabel, { name: PASS_NAME }) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const fact of [
    s.facts.beneficiary,
    s.facts.validity,
    s.facts.renewalDate,
    s.facts.nextBilling,
    s.facts.method,
  ])
    await expect(page.getByText(fact, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(pattern(s.history.title))).toBeVisible();
  await expect(page).toHaveURL(/\/account\/tacit\/\d+$/);
  const detailUrl = page.url();

  // Its card is locked against removal while it renews on it.
  await page.goto(shopUrl(NETWORK, locale, '/account/payment-cards'));
  await expect(page.getByText(t.account.paymentCards.usedForSubscriptions).first()).toBeVisible();

  // ACC-08: the deletion is refused, and leads to the subscriptions.
  await page.goto(shopUrl(NETWORK, locale, '/account/delete'));
  await page.getByRole('checkbox', { name: fill(t.account.deletion.confirmation, { days: 30 }) }).check();
  await page.getByRole('button', { name: t.account.deletion.submit }).click();
  await expect(page.getByText(pattern(t.account.deletion.blockedHelp))).toBeVisible();
  await expect(page.getByRole('link', { name: t.account.deletion.toSubscriptions })).toBeVisible();

  // SUB-02: terminated once its consequences are read; Keep changes nothing.
  await page.goto(detailUrl);
  const open = page.getByRole('button', { name: s.terminate.open });
  await open.click();
  const dialog = page.getByRole('dialog', { name: s.terminate.title });
  await untilShown(dialog);
  await expect(dialog.getByText(s.terminate.nothingMore)).toBeVisible();
  await checkAxe(page, 'the termination dialog');
  await dialog.getByRole('button', { name: s.terminate.keep }).click();
  await expect(dialog).toBeHidden();
  await open.click();
  await untilShown(dialog);
  await dialog.getByRole('button', { name: s.terminate.confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(s.status.TERMINATED).first()).toBeVisible();
  await page.reload();
  await expect(page.getByText(s.status.TERMINATED).first()).toBeVisible();
  await expect(page.getByRole('button', { name: s.terminate.open })).toHaveCount(0);
});

test('SUB-01 axe on the subscriptions pages, in English and Arabic, light and dark, on a phone', async ({
  page,
}) => {
  test.slow();
  await subscribedCustomer(page, 'subscriber-axe');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const pageLocale of ['en', 'ar'] as const satisfies Locale[]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const texts = textsOf(pageLocale).account.tacit;
      await page.emulateMedia({ colorScheme });
      await page.goto(shopUrl(NETWORK, pageLocale, '/account/tacit'));
      await expect(page.locator('html')).toHaveAttribute('dir', pageLocale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
      await expect(page.getByText(texts.status.ACTIVE).first()).toBeVisible();
      await checkAxe(page, `the subscriptions (${pageLocale}, ${colorScheme})`);
      await page
        .getByRole('link', { name: pattern(texts.open) })
        .first()
        .click();
      await expect(page.getByText(pattern(texts.history.title))).toBeVisible();
      await checkAxe(page, `a subscription (${pageLocale}, ${colorScheme})`);
    }
  }
});

test('SUB-04 run a month ahead, the renewal is announced, charged to the saved card and its pass issued; the notice’s link terminates it without signing in', async ({
  page,
  browser,
}) => {
  test.slow();
  const account = await subscribedCustomer(page, 'renewed');
  const s = t.account.tacit;
  await page.goto(shopUrl(NETWORK, locale, '/account/tacit'));
  await page
    .getByRole('article', { name: PASS_NAME })
    .getByRole('link', { name: pattern(s.open) })
    .click();
  await expect(page).toHaveURL(/\/account\/tacit\/\d+$/);
  const detailUrl = page.url();

  // Forty days on, whatever today is: the next period's notice and charge are both due.
  expect(await runRenewalsIn(40)).toMatch(/[1-9]\d* notice\(s\) sent, [1-9]\d* renewal\(s\) charged/);

  // The next period paid, as the account's history says once the provider's word has arrived.
  await expect
    .poll(
      async () => {
        await page.goto(detailUrl);
        await expect(page.getByText(pattern(s.history.title))).toBeVisible();
        return page.getByText(s.history.status.PAID, { exact: true }).count();
      },
      { message: 'the renewal paid', timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(2);
  // Its pass is in the wallet beside the first one.
  await page.goto(shopUrl(NETWORK, locale, '/account/wallet'));
  await expect(page.getByRole('article').filter({ hasText: PASS_NAME })).toHaveCount(2);

  // The notice: its amount, and the link that terminates it, opened where nobody is signed in.
  const notice = await waitForMail(account.email, '/subscription/terminate');
  expect(notice.mail.text).toContain('€62.00');
  const stranger = await browser.newPage();
  try {
    await stranger.goto(notice.link.toString());
    const l = t.account.tacitLink;
    await expect(stranger.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
    await expect(stranger.getByText(PASS_NAME).first()).toBeVisible();
    await stranger.getByRole('button', { name: l.confirm }).click();
    await expect(stranger.getByText(pattern(l.doneAfter))).toBeVisible();
    // Used up: the same link again says so.
    await stranger.goto(notice.link.toString());
    await expect(stranger.getByText(t.apiErrors.SUBSCRIPTION_LINK_INVALID)).toBeVisible();
  } finally {
    await stranger.close();
  }
  await page.goto(detailUrl);
  await expect(page.getByText(s.status.TERMINATED).first()).toBeVisible();
});

test('SUB-01 the card of another subscription is changed for a new one typed on the provider’s page, where nothing is charged', async ({
  page,
}) => {
  test.slow();
  await subscribedCustomer(page, 'new-card');
  const s = t.account.tacit;
  await page.goto(shopUrl(NETWORK, locale, '/account/tacit'));
  await page
    .getByRole('article', { name: PASS_NAME })
    .getByRole('link', { name: pattern(s.open) })
    .click();
  await expect(page).toHaveURL(/\/account\/tacit\/\d+$/);
  const detailUrl = page.url();

  await page.getByRole('button', { name: s.change.open }).click();
  const dialog = page.getByRole('dialog', { name: s.change.title });
  await untilShown(dialog);
  await expect(dialog.getByText(s.newCard.onProviderPage)).toBeVisible();
  await checkAxe(page, 'the change of method dialog');
  await dialog.getByRole('button', { name: s.newCard.open }).click();

  // The provider's page saves a card and says nothing is charged.
  const provider = messagesFor(locale);
  await expect(page.getByRole('heading', { level: 1, name: provider.saveCardHeading })).toBeVisible();
  await expect(page.getByText(provider.saveCardHint)).toBeVisible();
  expect(new URL(page.url()).origin).not.toBe(new URL(detailUrl).origin);
  await payByCard(page, locale, TEST_CARDS.declinesLaterCharges);

  // Back on the subscription: saved, and its card is the new one, after a reload too.
  await expect(page.getByText(s.cardSetup.SAVED)).toBeVisible();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByText('0341').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('0341').first()).toBeVisible();
});
