// An account's life as a traveller lives it, over real SMTP: registration on a network that
// verifies emails itself, the emailed link, signing in, a traveller, a new email, signing out; and
// the same account on a partner network.
import { expect, test } from '@playwright/test';
import {
  field,
  newAccount,
  register,
  sessionCookies,
  shopUrl,
  signIn,
  submitSignIn,
} from './support/accounts.ts';
import { waitForMail } from './support/mailbox.ts';
import { networkUrl } from './support/platform.ts';
import { fill, pattern, textsOf, valueIn } from './support/texts.ts';

const ar = textsOf('ar');

test('AUTH-05 AUTH-11 AUTH-12 ROUTE-09 registering on wahat in Arabic, the emailed link verifies the account', async ({
  page,
  browser,
}) => {
  const account = newAccount('verify');
  await register(page, 'wahat', 'ar', account);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(fill(ar.auth.unverified.linkSent, { email: account.email }))).toBeVisible();

  // The first sign-in (the registration's) sends the link, in the account's language.
  const { mail, link } = await waitForMail(account.email, '/verify-account');
  expect(mail.headers['content-language']).toBe('ar');
  expect(mail.headers['x-network']).toBe('wahat');
  expect(mail.subject).toContain('تأكيد');
  expect(link.origin).toBe(new URL(networkUrl('wahat')).origin);
  expect(link.pathname).toBe('/ar/verify-account');
  expect(link.searchParams.get('code')).toBeTruthy();

  // Opened from a mail client: another browser, signed out.
  const mailClient = await browser.newContext();
  const linkPage = await mailClient.newPage();
  await linkPage.goto(link.toString());
  await expect(linkPage.getByRole('heading', { level: 1, name: ar.auth.verify.title })).toBeVisible();
  await expect(linkPage.getByRole('alert')).toHaveText(ar.auth.verify.done);
  await mailClient.close();

  // The registered session now counts the account as verified: nothing to do on the unverified page.
  await page.goto(shopUrl('wahat', 'ar', '/unverified-account'));
  await expect(page).toHaveURL(shopUrl('wahat', 'ar', '/'));
  // ROUTE-09: the link again, once verified, goes home.
  await page.goto(link.toString());
  await expect(page).toHaveURL(shopUrl('wahat', 'ar', '/'));
});

test('AUTH-01 ACC-05 ACC-03 AUTH-07 signed in on wahat: a traveller, a new email, then signing out clears the session', async ({
  page,
}) => {
  const account = newAccount('lifecycle');
  await register(page, 'wahat', 'ar', account);
  await page.context().clearCookies();
  await signIn(page, 'wahat', 'ar', account);
  await expect(page.getByRole('heading', { level: 1, name: ar.account.title })).toBeVisible();

  // ACC-05: a traveller of the account holder.
  const travellers = page.getByRole('region', { name: ar.account.travellers.title });
  await expect(travellers.getByText(ar.account.travellers.holder)).toBeVisible();
  await expect(travellers.getByText(ar.account.travellers.none)).toBeVisible();
  await travellers.getByRole('link', { name: ar.account.travellers.add }).click();
  await expect(page).toHaveURL(shopUrl('wahat', 'ar', '/account/new'));
  await expect(page.getByRole('heading', { level: 1, name: ar.account.traveller.newTitle })).toBeVisible();
  await field(page, ar.account.fields.firstName).fill('Rayan');
  await field(page, ar.account.fields.lastName).fill('Oudrari');
  await field(page, ar.account.fields.birthday).fill('2016-05-14');
  await page.getByRole('button', { name: ar.account.traveller.add }).click();
  await expect(page).toHaveURL(shopUrl('wahat', 'ar', '/account'));
  await expect(travellers.getByRole('status')).toHaveText(
    fill(ar.account.travellers.travellerAdded, { name: 'Rayan Oudrari' }),
  );
  const child = travellers.getByRole('listitem').filter({ hasText: 'Rayan Oudrari' });
  await expect(child.getByText(ar.account.travellers.active, { exact: true })).toBeVisible();
  await expect(
    child.getByRole('link', { name: fill(ar.account.travellers.editLabel, { name: 'Rayan Oudrari' }) }),
  ).toBeVisible();

  // ACC-03: the email changes with the account's password; a wrong one is said beside its field.
  const newEmail = account.email.replace('lifecycle-', 'lifecycle-new-');
  const emailSection = page.getByRole('region', { name: ar.account.email.title });
  await field(emailSection, ar.account.fields.newEmail).fill(newEmail);
  await field(emailSection, ar.account.fields.emailConfirmation).fill(newEmail);
  await field(emailSection, ar.account.fields.password).fill('Not-The-Password-1!');
  await emailSection.getByRole('button', { name: ar.account.email.submit }).click();
  await expect(emailSection.getByText(ar.apiErrors.update_email_error_password)).toBeVisible();
  await field(emailSection, ar.account.fields.password).fill(account.password);
  await emailSection.getByRole('button', { name: ar.account.email.submit }).click();
  await expect(emailSection.getByRole('status')).toHaveText(
    fill(ar.account.email.saved, { email: newEmail }),
  );
  await expect(emailSection.getByText(fill(ar.account.email.current, { email: newEmail }))).toBeVisible();
  // The new address is verified by its own link.
  await waitForMail(newEmail, '/verify-account');

  // AUTH-07: signing out clears local storage (cart, tunnel) and the session cookies.
  await page.evaluate(() => {
    localStorage.setItem('cart', JSON.stringify({ items: [], termsAccepted: true }));
    localStorage.setItem('tunnel', JSON.stringify({ passengers: [] }));
  });
  expect(await sessionCookies(page)).toEqual(expect.arrayContaining(['identity', 'ticket']));
  await page.goto(shopUrl('wahat', 'ar', '/auth/logout'));
  await expect(page).toHaveURL(shopUrl('wahat', 'ar', '/'));
  const nav = page.getByRole('banner').getByRole('navigation');
  await expect(nav.getByRole('link', { name: ar.shell.nav.login })).toBeVisible();
  expect(await sessionCookies(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  // Signed out for real: the account pages ask to sign in again.
  await page.goto(shopUrl('wahat', 'ar', '/account'));
  await expect(page).toHaveURL(/\/ar\/auth\?redirect=/);

  // The new email signs in; the old one no longer does.
  await submitSignIn(page, 'ar', account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText(ar.apiErrors.INVALID_CREDENTIALS);
  await submitSignIn(page, 'ar', newEmail, account.password);
  await expect(page).toHaveURL(shopUrl('wahat', 'ar', '/account'));
  await expect(emailSection.getByText(fill(ar.account.email.current, { email: newEmail }))).toBeVisible();
});

test('AUTH-01 an account made on wahat signs in on the partner network lumiere, in French', async ({
  page,
}) => {
  const account = newAccount('partner');
  await register(page, 'wahat', 'ar', account);
  await page.goto(shopUrl('wahat', 'ar', '/account'));
  const customerNumber = valueIn(
    (await page.getByText(pattern(ar.account.customerNumber)).textContent()) ?? '',
    ar.account.customerNumber,
  );
  expect(customerNumber).not.toBe('');

  const fr = textsOf('fr');
  await signIn(page, 'lumiere', 'fr', account);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: fr.account.title })).toBeVisible();
  const emailSection = page.getByRole('region', { name: fr.account.email.title });
  await expect(
    emailSection.getByText(fill(fr.account.email.current, { email: account.email })),
  ).toBeVisible();
  // One account: the same customer number on both networks.
  await expect(page.getByText(fill(fr.account.customerNumber, { number: customerNumber }))).toBeVisible();
});
