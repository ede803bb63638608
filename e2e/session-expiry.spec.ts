// A session the server has ended shows the session-expired modal at the next signed-in call, with
// a button that reconnects (no timer is waited for: the server forgets the session at once). The
// session ends by a logout on another device, which ends that sign-in's identity tokens too
// (decision 0024): reconnecting cannot use them and goes through the sign-in page, then back.
import { expect, test } from '@playwright/test';
import { newAccount, register, shopUrl, submitSignIn } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { textsOf } from './support/texts.ts';

const en = textsOf('en');

test('AUTH-10 SHELL-05 a session ended on the server shows the session-expired modal, and reconnecting works', async ({
  page,
  browser,
}) => {
  const account = newAccount('expiry');
  await register(page, 'wahat', 'en', account);
  await page.goto(shopUrl('wahat', 'en', '/account'));
  await expect(page.getByRole('heading', { level: 1, name: en.account.title })).toBeVisible();

  // The same session on another device signs out: the server forgets it (Account/logout).
  const otherDevice = await browser.newContext();
  await otherDevice.addCookies(await page.context().cookies());
  const other = await otherDevice.newPage();
  const loggedOut = other.waitForResponse(
    (response) => response.url().includes('Account/logout') && response.ok(),
  );
  await other.goto(shopUrl('wahat', 'en', '/auth/logout'));
  await loggedOut;
  await otherDevice.close();

  // The next signed-in call of this page learns the session has ended.
  const consent = page.getByRole('region', { name: en.account.consent.title });
  await consent.getByRole('checkbox', { name: en.account.consent.label }).click();
  const modal = page.getByRole('dialog', { name: en.auth.expired.title });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(en.auth.expired.body)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await modal.getByRole('button', { name: en.auth.expired.reconnect }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: en.auth.signIn.title })).toBeVisible();
  await submitSignIn(page, 'en', account.email, account.password);
  await expect(page).toHaveURL(shopUrl('wahat', 'en', '/account'));
  // The refused change was not kept; made again, it is saved.
  await expect(consent.getByRole('checkbox', { name: en.account.consent.label })).not.toBeChecked();
  await consent.getByRole('checkbox', { name: en.account.consent.label }).click();
  await expect(consent.getByRole('status')).toHaveText(en.account.consent.given);
});
