// Transport cards in a real browser against the real platform (decisions 0032, 0036): a customer
// links a card (a wrong birth date refused first), reports it stolen, and finds it blocked; five
// wrong birth dates pause a card, its right one refused alike, with the day and time to try again;
// on lakeside, which hides the birth date, the code printed on the card links it, not the number
// alone; on lumiere, which has card sign-in, a card signs its account in and says whose it is, a card
// another account's traveller also carries sends to customer service, and a card nobody holds opens
// the register page with the card added.
// Each test takes its own demo cards (tenants/<slug>/cards.json): lumiere 01 to 03, 05 and 06,
// lakeside 01.
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  type Account,
  expectSignedIn,
  field,
  newAccount,
  PASSWORD,
  register,
  shopUrl,
} from './support/accounts.ts';
import {
  expectNoSeriousViolations,
  expectNoSeriousViolationsInBothSchemes,
  seriousViolations,
  seriousViolationsInBothSchemes,
} from './support/axe.ts';
import { fill, pattern, textsOf } from './support/texts.ts';
import {
  type DemoCard,
  demoCard,
  grouped,
  inSentence,
  openCards,
  reportStolen,
  sendCardLink,
} from './support/transport-cards.ts';

/** Opens the card-link dialog of the cards page. */
async function openLinkForm(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: textsOf('en').account.transportCards.link })
    .first()
    .click();
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

  await openLinkForm(page);
  const dialog = await sendCardLink(page, 'en', card.number, { birthDate: '1990-01-01' });
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

test('five wrong birth dates pause a card: its right date is then refused alike, with the day and time to try again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const t = textsOf('en');
  const card = demoCard('lumiere', '2501000000000005');
  await registerOn(page, 'lumiere', 'card-tries');
  await openCards(page, 'lumiere', 'en');
  await openLinkForm(page);
  const dialog = page.getByRole('dialog', { name: t.account.transportCards.linkForm.title });
  for (const day of ['01', '02', '03', '04', '05']) {
    await sendCardLink(page, 'en', card.number, { birthDate: `1990-01-${day}` });
    await expect(dialog.getByText(t.apiErrors.MEDIA_BIRTH_DATE_MISMATCH)).toBeVisible();
  }
  await sendCardLink(page, 'en', card.number, card.proof);
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(t.apiErrors.MEDIA_TRIES_EXHAUSTED);
  // A day later, so said with its date: "You can try again on <date> at <time>."
  await expect(alert).toContainText(pattern(t.auth.retryOn));
  await expect(alert).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByText(t.account.transportCards.empty)).toBeVisible();
});

test('NET-06 on a network that hides the birth date, the code printed on the card links it, not the number alone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const t = textsOf('en');
  const c = t.account.transportCards;
  const card = demoCard('lakeside', '3101000000000001');
  await registerOn(page, 'lakeside', 'card-link-lakeside');
  await openCards(page, 'lakeside', 'en');
  await openLinkForm(page);
  const dialog = page.getByRole('dialog', { name: c.linkForm.title });
  await field(dialog, c.linkForm.number).fill(grouped(card.number));
  await dialog.getByRole('button', { name: c.linkForm.submit }).click();
  await expect(field(dialog, c.linkForm.printedCode)).toHaveAttribute('aria-invalid', 'true');
  await sendCardLink(page, 'en', card.number, { printedCode: 'WRONG1' });
  await expect(dialog.getByText(t.apiErrors.MEDIA_PRINTED_CODE_MISMATCH)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await sendCardLink(page, 'en', card.number, card.proof);
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

/** Registers on lumiere in a browser of its own and links the card there; answers the account. */
async function holderOf(browser: Browser, card: DemoCard, label: string): Promise<Account> {
  const t = textsOf('en').account.transportCards;
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await registerOn(page, 'lumiere', label);
  await openCards(page, 'lumiere', 'en');
  await openLinkForm(page);
  await sendCardLink(page, 'en', card.number, card.proof);
  await expect(page.getByText(fill(t.linked, { number: inSentence(card.number) }))).toBeVisible();
  await context.close();
  return account;
}

test.describe('AUTH-14 "Sign in with my transport card" on lumiere: a search by card number and birth date', () => {
  test.describe.configure({ timeout: 180_000 });

  test('AUTH-14 one account found: the card alone signs its holder in, and the page says who', async ({
    browser,
  }) => {
    const t = textsOf('en');
    const held = demoCard('lumiere', '2501000000000002');
    const holder = await holderOf(browser, held, 'card-holder');

    // Another browser, signed out.
    const context = await browser.newContext();
    const page = await context.newPage();
    await searchCard(page, held);
    await expectSignedIn(page, 'en');
    const notice = page
      .getByRole('status')
      .filter({ hasText: fill(t.auth.signedInAs, { name: holder.firstName }) });
    await expect(notice).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await notice.getByRole('button', { name: t.auth.signedInClose }).click();
    await expect(notice).toBeHidden();
    await openCards(page, 'lumiere', 'en');
    await expect(page.getByRole('listitem').filter({ hasText: grouped(held.number) })).toBeVisible();
    await context.close();
  });

  test('AUTH-14 several accounts found: a traveller of another account carries the card, so customer service', async ({
    browser,
  }) => {
    const t = textsOf('en');
    const card = demoCard('lumiere', '2501000000000006');
    await holderOf(browser, card, 'card-holder-several');

    const claimantContext = await browser.newContext();
    const claimant = await claimantContext.newPage();
    await registerOn(claimant, 'lumiere', 'card-claimant');
    await claimant.goto(shopUrl('lumiere', 'en', '/account/new'));
    await expect(
      claimant.getByRole('heading', { level: 1, name: t.account.traveller.newTitle }),
    ).toBeVisible();
    await field(claimant, t.account.fields.firstName).fill('Rayan');
    await field(claimant, t.account.fields.lastName).fill('Oudrari');
    await field(claimant, t.account.fields.cardNumber).fill(grouped(card.number));
    await claimant.getByRole('button', { name: t.account.traveller.add }).click();
    await expect(
      claimant.getByText(fill(t.account.travellers.travellerAdded, { name: 'Rayan Oudrari' })),
    ).toBeVisible();
    await claimantContext.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await searchCard(page, card);
    await expect(page.getByText(t.auth.mediaSearch.several)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t.auth.mediaSearch.title })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: t.shell.nav.login })).toBeVisible();
    await context.close();
  });

  test('AUTH-14 none found: the register page, and the card linked once the account exists', async ({
    browser,
  }) => {
    const t = textsOf('en');
    const free = demoCard('lumiere', '2501000000000003');
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
});

test('I18N-04 THEME-01 the card pages in Arabic on a phone, light and dark: right to left, no serious axe violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const ar = textsOf('ar');
  await page.goto(shopUrl('lumiere', 'ar', '/auth/media'));
  await expect(page.getByRole('heading', { level: 1, name: ar.auth.media.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoSeriousViolationsInBothSchemes(page);
  await page.goto(shopUrl('lumiere', 'ar', '/auth/media/search'));
  await expect(page.getByRole('heading', { level: 1, name: ar.auth.mediaSearch.title })).toBeVisible();
  await expectNoSeriousViolationsInBothSchemes(page);

  await registerOn(page, 'lumiere', 'card-ar');
  await openCards(page, 'lumiere', 'ar');
  await expectNoSeriousViolationsInBothSchemes(page);
  const c = ar.account.transportCards;
  await page.getByRole('button', { name: c.link }).first().click();
  const dialog = page.getByRole('dialog', { name: c.linkForm.title });
  await expect(field(dialog, c.linkForm.number)).toBeVisible();
  expect(await seriousViolationsInBothSchemes(page)).toEqual([]);
});
