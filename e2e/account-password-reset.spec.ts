// The forgotten password over real SMTP: the request, the emailed one-time link, the new password.
import { expect, test } from '@playwright/test';
import { field, newAccount, register, shopUrl, signIn, submitSignIn } from './support/accounts.ts';
import { waitForMail } from './support/mailbox.ts';
import { networkUrl } from './support/platform.ts';
import { fill, textsOf } from './support/texts.ts';

const fr = textsOf('fr');

test('AUTH-06 a forgotten password: instructions emailed, the link sets a new password that signs in', async ({
  page,
}) => {
  const account = newAccount('reset');
  await register(page, 'wahat', 'en', account);
  await page.context().clearCookies();

  await page.goto(shopUrl('lumiere', 'fr', '/auth'));
  await page.getByRole('link', { name: fr.auth.signIn.forgotPassword }).click();
  await expect(page.getByRole('heading', { level: 1, name: fr.auth.reset.title })).toBeVisible();
  await expect(page.getByText(fr.auth.reset.intro)).toBeVisible();

  // An email without an account is told so, beside the field.
  const email = field(page, fr.auth.fields.email);
  await email.fill(newAccount('nobody').email);
  await page.getByRole('button', { name: fr.auth.reset.submit }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(fr.apiErrors.USER_NOT_FOUND);

  await email.fill(account.email);
  await page.getByRole('button', { name: fr.auth.reset.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(fill(fr.auth.reset.sent, { email: account.email }));

  // The email is in the language of the page it was asked from, with the network's own link.
  const { mail, link } = await waitForMail(account.email, '/auth/reset');
  expect(mail.headers['content-language']).toBe('fr');
  expect(mail.headers['x-network']).toBe('lumiere');
  expect(mail.subject).toContain('mot de passe');
  expect(link.origin).toBe(new URL(networkUrl('lumiere')).origin);
  expect(link.pathname).toBe('/auth/reset');
  expect(link.searchParams.get('code')).toBeTruthy();

  await page.goto(link.toString());
  await expect(page.getByRole('heading', { level: 1, name: fr.auth.newPassword.title })).toBeVisible();
  const newPassword = 'Quayside-Tram-58#';
  await field(page, fr.auth.fields.newPassword).fill(newPassword);
  await field(page, fr.auth.fields.newPasswordConfirmation).fill(newPassword);
  await page.getByRole('button', { name: fr.auth.newPassword.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(fr.auth.newPassword.done);
  await page.getByRole('main').getByRole('link', { name: fr.auth.newPassword.signIn }).click();
  await expect(page).toHaveURL(shopUrl('lumiere', 'fr', '/auth'));

  // The old password no longer signs in; the new one does.
  await submitSignIn(page, 'fr', account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText(fr.apiErrors.INVALID_CREDENTIALS);
  await signIn(page, 'lumiere', 'fr', { email: account.email, password: newPassword });

  // The link serves once.
  await page.context().clearCookies();
  await page.goto(link.toString());
  await field(page, fr.auth.fields.newPassword).fill('Another-Tram-59#');
  await field(page, fr.auth.fields.newPasswordConfirmation).fill('Another-Tram-59#');
  await page.getByRole('button', { name: fr.auth.newPassword.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(fr.apiErrors.ACTION_CODE_INVALID);
  await expect(page.getByRole('link', { name: fr.auth.newPassword.askAgain })).toBeVisible();
});
