// Account deletion and its withdrawal period over real SMTP: the request signs the traveller out
// and is confirmed by email; signing in again offers the reactivation, which is confirmed too.
import { expect, test } from '@playwright/test';
import { newAccount, register, sessionCookies, shopUrl, submitSignIn } from './support/accounts.ts';
import { waitForMail } from './support/mailbox.ts';
import { networkUrl } from './support/platform.ts';
import { fill, pattern, textsOf } from './support/texts.ts';

const en = textsOf('en');

test('ACC-06 ACC-07 a deletion request signs out and is emailed; signing in again offers the reactivation', async ({
  page,
}) => {
  const account = newAccount('deletion');
  await register(page, 'wahat', 'en', account);
  await page.goto(shopUrl('wahat', 'en', '/account'));

  const deletion = page.getByRole('region', { name: en.account.deletion.title });
  await deletion.getByRole('link', { name: en.account.deletion.start }).click();
  await expect(page).toHaveURL(shopUrl('wahat', 'en', '/account/delete'));
  await expect(page.getByRole('heading', { level: 1, name: en.account.deletion.pageTitle })).toBeVisible();
  await expect(page.getByText(pattern(en.account.deletion.period))).toBeVisible();
  const submit = page.getByRole('button', { name: en.account.deletion.submit });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: fill(en.account.deletion.confirmation, { days: 30 }) }).check();
  await submit.click();

  // ACC-06: the success screen, signed out.
  await expect(page).toHaveURL(shopUrl('wahat', 'en', '/deletion/success'));
  await expect(page.getByRole('heading', { level: 1, name: en.account.deletionSuccess.title })).toBeVisible();
  await expect(page.getByText(pattern(en.account.deletionSuccess.finalOn))).toBeVisible();
  const nav = page.getByRole('banner').getByRole('navigation');
  await expect(nav.getByRole('link', { name: en.shell.nav.login })).toBeVisible();
  expect(await sessionCookies(page)).toEqual([]);

  // The confirmation, with the day the deletion becomes final and the way back in.
  const deleted = await waitForMail(account.email, '/auth/login');
  expect(deleted.mail.headers['x-network']).toBe('wahat');
  expect(deleted.link.origin).toBe(new URL(networkUrl('wahat')).origin);
  expect(deleted.mail.subject).toMatch(/\d{4}/);

  // ACC-07: signing in again, the account offers its reactivation.
  await page.getByRole('link', { name: en.account.deletionSuccess.signIn }).click();
  await expect(page).toHaveURL(shopUrl('wahat', 'en', '/auth'));
  await submitSignIn(page, 'en', account.email, account.password);
  const modal = page.getByRole('dialog', { name: en.auth.reactivation.title });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(pattern(en.auth.reactivation.bodyWithDate))).toBeVisible();
  await modal.getByRole('button', { name: en.auth.reactivation.reactivate }).click();
  await expect(modal).toBeHidden();

  const reactivated = await waitForMail(account.email, '/account');
  expect(reactivated.mail.headers['x-network']).toBe('wahat');
  expect(reactivated.mail.receivedAt >= deleted.mail.receivedAt).toBe(true);

  // The account is active again: its pages open without the modal.
  await page.goto(shopUrl('wahat', 'en', '/account'));
  await expect(page.getByRole('heading', { level: 1, name: en.account.title })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
