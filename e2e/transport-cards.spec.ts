// Transport cards in a real browser against the real platform (decisions 0032, 0036): a customer
// links a card (a wrong birth date refused first), reports it stolen, and finds it blocked; five
// wrong birth dates pause a card, its right one refused alike, with the day and time to try again;
// on lakeside, which hides the birth date, the code printed on the card links it, not the number
// alone; on lumiere, which has card sign-in, a card signs its account in and says whose it is, a card
// another account's traveller also carries sends to customer service, and a card nobody holds opens
// the register page with the card added.
// Each test takes its own demo cards (tenants/<slug>/cards.json): lumiere 01 to 03 and 05, lakeside 01.
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

test('MEDIA-05 five wrong birth dates pause a card: its right date is then refused alike, with the day and time to try again', async ({
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
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByText(t.account.transportCards.empty)).toBeVisible();
});

test('NET-06 on a network that hides the birth date, the code printed on the card links it, not the number alone', async ({
  page,
}) => {
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
  await expectNoSeriousViolations(page);
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

test('AUTH-14 "Sign in with my transport card" on lumiere, by card number and birth date: one account found signs in and says who, several send to customer service, none opens the register page with the card', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const t = textsOf('en');
  const held = demoCard('lumiere', '2501000000000002');
  const free = demoCard('lumiere', '2501000000000003');

  const holderContext = await browser.newContext();
  const holderPage = await holderContext.newPage();
  const holder = await registerOn(holderPage, 'lumiere', 'card-holder');
  await openCards(holderPage, 'lumiere', 'en');
  await openLinkForm(holderPage);
  await sendCardLink(holderPage, 'en', held.number, held.proof);
  await expect(
    holderPage.getByText(fill(t.account.transportCards.linked, { number: inSentence(held.number) })),
  ).toBeVisible();
  await holderContext.close();

  // One account found: in another browser, signed out, the card alone opens the holder's account,
  // and the page it lands on says whose it is.
  const context = await browser.newContext();
  const page = await context.newPage();
  await searchCard(page, held);
  await expectSignedIn(page, 'en');
  const notice = page
    .getByRole('status')
    .filter({ hasText: fill(t.auth.signedInAs, { name: holder.firstName }) });
  await expect(notice).toBeVisible();
  await expectNoSeriousViolations(page);
  await notice.getByRole('button', { name: t.auth.signedInClose }).click();
  await expect(notice).toBeHidden();
  await openCards(page, 'lumiere', 'en');
  await expect(page.getByRole('listitem').filter({ hasText: grouped(held.number) })).toBeVisible();
  await context.close();

  // Several accounts: a traveller of another account carries the card's number.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await registerOn(other, 'lumiere', 'card-claimant');
  await other.goto(shopUrl('lumiere', 'en', '/account/new'));
  await expect(other.getByRole('heading', { level: 1, name: t.account.traveller.newTitle })).toBeVisible();
  await field(other, t.account.fields.firstName).fill('Rayan');
  await field(other, t.account.fields.lastName).fill('Oudrari');
  await field(other, t.account.fields.cardNumber).fill(grouped(held.number));
  await other.getByRole('button', { name: t.account.traveller.add }).click();
  await expect(
    other.getByText(fill(t.account.travellers.travellerAdded, { name: 'Rayan Oudrari' })),
  ).toBeVisible();
  await otherContext.close();
  const severalContext = await browser.newContext();
  const several = await severalContext.newPage();
  await searchCard(several, held);
  await expect(several.getByText(t.auth.mediaSearch.several)).toBeVisible();
  await expect(several.getByRole('heading', { level: 1, name: t.auth.mediaSearch.title })).toBeVisible();
  await severalContext.close();

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
