// axe finds no serious or critical violation on the sign-in and account pages, their forms with
// errors shown and their modals, in light and dark, in English and in Arabic (right to left).
import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { field, newAccount, register, shopUrl, submitSignIn } from './support/accounts.ts';
import { seriousViolationsInBothSchemes } from './support/axe.ts';
import { apiRequest } from './support/platform.ts';
import { fill, type Locale, textsOf } from './support/texts.ts';

/**
 * Checks the page in light and in dark once `ready` shows (and the footer, unless a modal hides the
 * page behind it); a page with violations fails the test after the other pages were checked.
 */
async function checkPage(page: Page, name: string, ready: Locator, { modal = false } = {}): Promise<void> {
  await test.step(`axe on ${name}`, async () => {
    await expect(ready).toBeVisible();
    if (!modal) await expect(page.getByRole('contentinfo')).toBeVisible();
    expect.soft(await seriousViolationsInBothSchemes(page), `serious violations on ${name}`).toEqual([]);
  });
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

for (const locale of ['en', 'ar'] as const satisfies Locale[]) {
  test.describe(locale, () => {
    // A dozen pages read by axe twice each: over a minute on two shared cores, so three are given.
    test.describe.configure({ timeout: 180_000 });
    const t = textsOf(locale);
    const url = (path: string) => shopUrl('wahat', locale, path);

    test(`axe on the sign-in, register, forgotten-password and verification pages (wahat ${locale}, light and dark)`, async ({
      page,
    }) => {
      await page.goto(url('/auth'));
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await checkPage(page, 'sign-in', heading(page, t.auth.signIn.title));
      await page.getByRole('button', { name: t.auth.signIn.submit }).click();
      await checkPage(page, 'sign-in with errors', page.getByText(t.validation.form.required));

      await page.goto(url('/auth/register'));
      await checkPage(page, 'register', heading(page, t.auth.register.title));
      await page.getByRole('button', { name: t.auth.register.submit }).click();
      await checkPage(page, 'register with errors', page.getByText(t.validation.terms.required));

      await page.goto(url('/auth/reset'));
      await checkPage(page, 'forgotten password', heading(page, t.auth.reset.title));
      await page.goto(`${url('/auth/reset')}?code=not-a-code`);
      await field(page, t.auth.fields.newPassword).fill('Quayside-Tram-58#');
      await field(page, t.auth.fields.newPasswordConfirmation).fill('Quayside-Tram-58#');
      await page.getByRole('button', { name: t.auth.newPassword.submit }).click();
      await checkPage(page, 'new password, link refused', page.getByRole('alert'));

      await page.goto(`${url('/verify-account')}?code=not-a-code`);
      await checkPage(page, 'verify, link refused', page.getByRole('alert'));
      await page.goto(url('/verify-account'));
      await checkPage(page, 'verify, no code', page.getByText(t.auth.verify.missingCode));
    });

    test(`axe on the finalize, unverified, account, traveller, credentials and deletion pages (wahat ${locale}, light and dark)`, async ({
      page,
    }) => {
      test.slow();
      const account = newAccount(`axe-${locale}`);
      await register(page, 'wahat', locale, account);
      await checkPage(page, 'unverified account', heading(page, t.auth.unverified.title));

      // An account without a last name cannot be made here (registration asks for one), so the
      // backend's answer about this account is shown to the page without it.
      const withoutLastName = async (route: Route) => {
        // Node does not resolve *.localhost: the call goes to loopback with the network's Host.
        const [address, { headers }] = apiRequest('wahat', new URL(route.request().url()).pathname);
        const response = await route.fetch({
          url: address,
          headers: { ...route.request().headers(), ...headers },
        });
        const body = await response.json();
        body.response.user.userLastname = null;
        await route.fulfill({ response, json: body });
      };
      const getUser = (address: URL) => address.pathname.endsWith('/Account/getUser.json');
      await page.route(getUser, withoutLastName);
      await page.goto(url('/account'));
      await checkPage(page, 'finalize', heading(page, t.auth.finalize.title));
      await page.unroute(getUser, withoutLastName);

      await page.goto(url('/account'));
      await checkPage(page, 'account', heading(page, t.account.title));
      const email = page.getByRole('region', { name: t.account.email.title });
      await email.getByRole('button', { name: t.account.email.submit }).click();
      await checkPage(page, 'credentials with errors', email.getByText(t.validation.form.required));

      await page.getByRole('link', { name: t.account.travellers.add }).click();
      await checkPage(page, 'new traveller', heading(page, t.account.traveller.newTitle));
      await page.getByRole('button', { name: t.account.traveller.add }).click();
      await checkPage(page, 'new traveller with errors', page.getByText(t.validation.form.required));
      await field(page, t.account.fields.firstName).fill('Rayan');
      await field(page, t.account.fields.lastName).fill('Oudrari');
      await page.getByRole('button', { name: t.account.traveller.add }).click();
      await checkPage(
        page,
        'travellers',
        page.getByText(fill(t.account.travellers.travellerAdded, { name: 'Rayan Oudrari' })),
      );
      await page
        .getByRole('link', { name: fill(t.account.travellers.editLabel, { name: 'Rayan Oudrari' }) })
        .click();
      await checkPage(page, 'edit traveller', heading(page, t.account.traveller.editTitle));

      await page.goto(url('/account/delete'));
      await checkPage(page, 'deletion', heading(page, t.account.deletion.pageTitle));
      await page.getByRole('checkbox', { name: fill(t.account.deletion.confirmation, { days: 30 }) }).check();
      await page.getByRole('button', { name: t.account.deletion.submit }).click();
      await checkPage(page, 'deletion success', heading(page, t.account.deletionSuccess.title));

      await page.goto(url('/auth'));
      await submitSignIn(page, locale, account.email, account.password);
      await checkPage(
        page,
        'reactivation modal',
        page.getByRole('dialog', { name: t.auth.reactivation.title }),
        {
          modal: true,
        },
      );
    });
  });
}
