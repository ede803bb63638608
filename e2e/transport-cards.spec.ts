// Transport cards in a real browser against the real platform (decision 0032): a customer links a
// card (a wrong birth date refused first), reports it stolen, and finds it blocked; on lakeside,
// which hides the birth date, the number alone links a card; on lumiere, which has card sign-in, a
// card signs its account in, and a card nobody holds opens the register page with the card added.
// Each test takes its own demo cards (tenants/<slug>/cards.json): lumiere 01 to 03, lakeside 01.
import { expect, type Page, test } from '@playwright/test';
import {
  type Account,
  expectSignedIn,
  field,
  newAccount,
  PASSWORD,
  register,
  shopUrl,
} from './support/accounts.ts';
import { expectNoSeriousViolations, seriousViolations } from './support/axe.ts';
import { fill, type Locale, textsOf } from './support/texts.ts';
import {
  type DemoCard,
  demoCard,
  grouped,
  inSentence,
  openCards,
  reportStolen,
} from './support/transport-cards.ts';

/** Links a card through the page's dialog; the birth date only when the network asks it. */
async function linkCard(page: Page, locale: Locale, number: string, birthDate: string | null): Promise<void> {
  const t = textsOf(locale).account.transportCards;
  await page.getByRole('button', { name: t.link }).first().click();
  const dialog = page.getByRole('dialog', { name: t.linkForm.title });
  await field(dialog, t.linkForm.number).fill(grouped(number));
  if (birthDate === null) await expect(dialog.getByLabel(t.linkForm.birthDate)).toHaveCount(0);
  else await field(dialog, t.linkForm.birthDate).fill(birthDate);
  await dialog.getByRole('button', { name: t.linkForm.submit }).click();
}

async function registerOn(page: Page, slug: string, label: string): Promise<Account> {
  const account = newAccount(label);
  await register(page, slug, 'en', account, 'verified');
  return account;
}

test('MEDIA-04 MEDIA-05 MEDIA-06 a customer links a card, a wrong birth date refused first, then reports it stolen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const t = textsOf('en');
  const c = t.account.transportCards;
  const card = demoCard('lumiere', '2501000000000001');
  await registerOn(page, 'lumiere', 'card-link');
  await openCards(page, 'lumiere', 'en');
  await expect(page.getByText(c.empty)).toBeVisible();
  await expectNoSeriousViolations(page);

  await linkCard(page, 'en', card.number, '1990-01-01');
  const dialog = page.getByRole('dialog', { name: c.linkForm.title });
  await expect(dialog.getByText(t.apiErrors.MEDIA_BIRTH_DATE_MISMATCH)).toBeVisible();
  await field(dialog, c.linkForm.birthDate).fill(card.holderBirthDate);
  await dialog.getByRole('button', { name: c.linkForm.submit }).click();
  await expect(page.getByText(fill(c.linked, { number: inSentence(card.number) }))).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: grouped(card.number) });
  await expect(item.getByText(c.status.ACTIVE)).toBeVisible();
  await expect(item.getByText(c.noContracts)).toBeVisible();

  // A reload keeps it: the card is the account's, not the page's.
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: grouped(card.number) })).toBeVisible();

  await reportStolen(page, 'en', card.number, () => expectNoSeriousViolations(page));
  const blocked = page.getByRole('listitem').filter({ hasText: grouped(card.number) });
  await expect(blocked.getByText(c.status.INCIDENT)).toBeVisible();
  // No pass on it: nothing to move elsewhere (card-purchase.spec.ts moves one).
  await expect(blocked.getByText(c.blockedHelp)).toHaveCount(0);
});

test('NET-06 on a network that hides the birth date, the card number alone links a card', async ({
  page,
}) => {
  const c = textsOf('en').account.transportCards;
  const card = demoCard('lakeside', '3101000000000001');
  await registerOn(page, 'lakeside', 'card-link-lakeside');
  await openCards(page, 'lakeside', 'en');
  await linkCard(page, 'en', card.number, null);
  await expect(page.getByText(fill(c.linked, { number: inSentence(card.number) }))).toBeVisible();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: grouped(card.number) })
      .getByText(c.status.ACTIVE),
  ).toBeVisible();
});

/** From the sign-in page to the card search, then the search sent. */
async function searchCard(page: Page, card: DemoCard): Promise<void> {
  const t = textsOf('en').auth;
  await page.goto(shopUrl('lumiere', 'en', '/auth'));
  await page.getByRole('link', { name: t.signIn.withCard }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.media.title })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: t.media.start }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.mediaSearch.title })).toBeVisible();
  await expectNoSeriousViolations(page);
  await field(page, t.fields.mediaNumber).fill(grouped(card.number));
  await field(page, t.fields.mediaBirthDate).fill(card.holderBirthDate);
  await page.getByRole('button', { name: t.mediaSearch.submit }).click();
}

test('a card signs in the account that holds it; a card nobody holds registers an account with it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const t = textsOf('en');
  const held = demoCard('lumiere', '2501000000000002');
  const free = demoCard('lumiere', '2501000000000003');

  const holderContext = await browser.newContext();
  const holderPage = await holderContext.newPage();
  await registerOn(holderPage, 'lumiere', 'card-holder');
  await openCards(holderPage, 'lumiere', 'en');
  await linkCard(holderPage, 'en', held.number, held.holderBirthDate);
  await expect(
    holderPage.getByText(fill(t.account.transportCards.linked, { number: inSentence(held.number) })),
  ).toBeVisible();
  await holderContext.close();

  // Another browser, signed out: the card alone opens the holder's account.
  const context = await browser.newContext();
  const page = await context.newPage();
  await searchCard(page, held);
  await expectSignedIn(page, 'en');
  await openCards(page, 'lumiere', 'en');
  await expect(page.getByRole('listitem').filter({ hasText: grouped(held.number) })).toBeVisible();
  await context.close();

  // A card no account holds: the register page, with the card added once the account exists.
  const newcomerContext = await browser.newContext();
  const newcomer = await newcomerContext.newPage();
  await searchCard(newcomer, free);
  await expect(newcomer.getByRole('heading', { level: 1, name: t.auth.mediaRegister.title })).toBeVisible();
  await expect(
    newcomer.getByText(fill(t.auth.mediaRegister.card, { number: inSentence(free.number) })),
  ).toBeVisible();
  await expectNoSeriousViolations(newcomer);
  const account = newAccount('card-newcomer');
  await field(newcomer, t.auth.fields.lastName).fill(account.lastName);
  await field(newcomer, t.auth.fields.firstName).fill(account.firstName);
  await field(newcomer, t.auth.fields.email).fill(account.email);
  await field(newcomer, t.auth.fields.emailConfirmation).fill(account.email);
  await field(newcomer, t.auth.fields.password).fill(PASSWORD);
  await field(newcomer, t.auth.fields.passwordConfirmation).fill(PASSWORD);
  await newcomer.getByRole('checkbox', { name: fill(t.auth.register.acceptTerms) }).check();
  await newcomer.getByRole('checkbox', { name: fill(t.auth.register.acceptPrivacy) }).check();
  await newcomer.getByRole('button', { name: t.auth.register.submit }).click();
  await expectSignedIn(newcomer, 'en');
  await openCards(newcomer, 'lumiere', 'en');
  await expect(newcomer.getByRole('listitem').filter({ hasText: grouped(free.number) })).toBeVisible();
  await newcomerContext.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`I18N-04 THEME-01 the card pages in Arabic on a phone, ${scheme}: right to left, no serious axe violation`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: scheme });
    const ar = textsOf('ar');
    await page.goto(shopUrl('lumiere', 'ar', '/auth/media'));
    await expect(page.getByRole('heading', { level: 1, name: ar.auth.media.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme);
    await expectNoSeriousViolations(page);
    await page.goto(shopUrl('lumiere', 'ar', '/auth/media/search'));
    await expect(page.getByRole('heading', { level: 1, name: ar.auth.mediaSearch.title })).toBeVisible();
    await expectNoSeriousViolations(page);

    await registerOn(page, 'lumiere', `card-ar-${scheme}`);
    await openCards(page, 'lumiere', 'ar');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme);
    await expectNoSeriousViolations(page);
    const c = ar.account.transportCards;
    await page.getByRole('button', { name: c.link }).first().click();
    const dialog = page.getByRole('dialog', { name: c.linkForm.title });
    await expect(field(dialog, c.linkForm.number)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
