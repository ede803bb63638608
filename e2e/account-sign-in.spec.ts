// Signing in by email and password: the lock after five wrong passwords, the same answers for an
// email without an account, the way out through a new password, and the form by keyboard alone.
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import {
  clientAddress,
  expectSignedIn,
  field,
  fromAddress,
  newAccount,
  register,
  shopUrl,
  signIn,
  submitSignIn,
} from './support/accounts.ts';
import { waitForMail } from './support/mailbox.ts';
import { fill, type Locale, pattern, textsOf } from './support/texts.ts';

const fr = textsOf('fr');

// Each test signs in from an address of its own: the failures these tests make on purpose would
// otherwise add up on the one address every test shares and throttle the others' sign-ins.
const test = base.extend<{ clientAddress: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from this pattern
  clientAddress: async ({}, use) => use(clientAddress()),
  extraHTTPHeaders: async ({ clientAddress }, use) => use(fromAddress(clientAddress).extraHTTPHeaders),
});

/** Sends the sign-in form and answers the message the page shows once the backend has answered. */
async function attempt(page: Page, locale: Locale, email: string, password: string): Promise<string> {
  const answered = page.waitForResponse((response) => response.url().includes('identity/signInWithPassword'));
  await submitSignIn(page, locale, email, password);
  await answered;
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  return (await alert.textContent()) ?? '';
}

/** Presses Tab until the element has the focus (at most 30 times: the header comes first). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  const focused = () => target.evaluate((element) => element === document.activeElement);
  for (let presses = 0; presses < 30 && !(await focused()); presses++) await page.keyboard.press('Tab');
}

/** The message without the time it names, so two answers a minute apart compare equal. */
const withoutTime = (message: string) => message.replace(/\d{1,2}[:h.]\d{2}(\s?[AP]M)?/gi, '<time>');

test('AUTH-08 five wrong passwords lock an account, and an email without an account gets the same answers', async ({
  page,
}) => {
  const account = newAccount('locked');
  await register(page, 'wahat', 'en', account);
  await page.context().clearCookies();
  const unknown = newAccount('nobody').email;

  await page.goto(shopUrl('lumiere', 'fr', '/auth'));
  const known: string[] = [];
  const nobody: string[] = [];
  for (let count = 1; count <= 5; count++) {
    known.push(await attempt(page, 'fr', account.email, `Wrong-Password-${count}!`));
    nobody.push(await attempt(page, 'fr', unknown, `Wrong-Password-${count}!`));
  }

  expect(known.slice(0, 4)).toEqual(Array(4).fill(fr.apiErrors.INVALID_CREDENTIALS));
  // The fifth locks, with the spec's way out: reset the password or retry later (at a time).
  expect(known[4]).toContain(fr.apiErrors.ACCOUNT_LOCKED);
  expect(known[4]).toMatch(pattern(fr.auth.retryAt));
  expect(nobody.map(withoutTime)).toEqual(known.map(withoutTime));

  // Locked means locked: the right password is refused too, until the lock ends.
  expect(await attempt(page, 'fr', account.email, account.password)).toContain(fr.apiErrors.ACCOUNT_LOCKED);
});

test('AUTH-08 AUTH-06 a locked account gets back in by choosing a new password from the emailed link', async ({
  page,
}) => {
  const account = newAccount('unlock');
  await register(page, 'wahat', 'en', account);
  await page.context().clearCookies();
  await page.goto(shopUrl('lumiere', 'fr', '/auth'));
  for (let count = 1; count <= 5; count++)
    await attempt(page, 'fr', account.email, `Wrong-Password-${count}!`);
  expect(await attempt(page, 'fr', account.email, account.password)).toContain(fr.apiErrors.ACCOUNT_LOCKED);

  await page.getByRole('link', { name: fr.auth.signIn.forgotPassword }).click();
  await expect(page).toHaveURL(shopUrl('lumiere', 'fr', '/auth/reset'));
  await field(page, fr.auth.fields.email).fill(account.email);
  await page.getByRole('button', { name: fr.auth.reset.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(fill(fr.auth.reset.sent, { email: account.email }));

  const { link } = await waitForMail(account.email, '/auth/reset');
  await page.goto(link.toString());
  const newPassword = 'Harbour-Lights-77?';
  await field(page, fr.auth.fields.newPassword).fill(newPassword);
  await field(page, fr.auth.fields.newPasswordConfirmation).fill(newPassword);
  await page.getByRole('button', { name: fr.auth.newPassword.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(fr.auth.newPassword.done);

  // The new password ends the lock at once.
  await signIn(page, 'lumiere', 'fr', { email: account.email, password: newPassword });
});

test('AUTH-08 a browser that signed in before still signs in while another browser at the same address has locked the account', async ({
  page,
  browser,
  clientAddress,
}) => {
  const account = newAccount('device');
  await register(page, 'wahat', 'en', account);
  await page.context().clearCookies();

  // Signing in with the password makes this browser a known device: a cookie its scripts cannot read.
  await signIn(page, 'lumiere', 'fr', account);
  const device = (await page.context().cookies()).find((cookie) => cookie.name === 'device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('device=');
  await page.goto(shopUrl('lumiere', 'fr', '/auth/logout'));
  await expect(page).toHaveURL(shopUrl('lumiere', 'fr', '/'));

  // Another browser, from the same address, locks the account.
  const other = await browser.newContext(fromAddress(clientAddress));
  const stranger = await other.newPage();
  await stranger.goto(shopUrl('lumiere', 'fr', '/auth'));
  for (let count = 1; count <= 5; count++)
    await attempt(stranger, 'fr', account.email, `Wrong-Password-${count}!`);
  expect(await attempt(stranger, 'fr', account.email, account.password)).toContain(
    fr.apiErrors.ACCOUNT_LOCKED,
  );

  // The known browser signs in all the same.
  await signIn(page, 'lumiere', 'fr', account);
  await other.close();
});

test('AUTH-01 the sign-in form is completed and sent with the keyboard alone', async ({ page }) => {
  const account = newAccount('keyboard');
  await register(page, 'wahat', 'en', account);
  await page.context().clearCookies();
  const en = textsOf('en');

  await page.goto(shopUrl('wahat', 'en', '/auth'));
  await expect(page.getByRole('heading', { level: 1, name: en.auth.signIn.title })).toBeVisible();
  const email = field(page, en.auth.fields.email);
  // From the top of the page, as a keyboard user arrives: the skip link, the header, then the form.
  await tabTo(page, email);
  await expect(email).toBeFocused();
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(field(page, en.auth.fields.password)).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(shopUrl('wahat', 'en', '/'));
  await expectSignedIn(page, 'en');
});
