// Every route exists under each language prefix; languages a network does not offer redirect.
import { expect, test } from '@playwright/test';
import { networkUrl } from './support/platform.ts';
import { textsOf } from './support/texts.ts';

const HEADINGS: Record<string, string> = {
  fr: 'Mentions légales',
  en: 'Legal notices',
  ar: 'الإشعارات القانونية',
  it: 'Note legali',
  es: 'Aviso legal',
};

for (const [locale, heading] of Object.entries(HEADINGS)) {
  test(`ROUTE-01 the legal notices exist in ${locale}`, async ({ page }) => {
    await page.goto(networkUrl('lumiere', `${locale === 'fr' ? '' : `/${locale}`}/legal-notices`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('article h2').first()).toBeVisible();
  });
}

test('I18N-01 a language the network does not offer redirects to its default language', async ({ page }) => {
  await page.goto(networkUrl('wahat', '/it/terms-of-use'));
  await expect(page).toHaveURL(networkUrl('wahat', '/ar/terms-of-use'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('an address without a prefix shows the network default language when it is not French', async ({
  page,
}) => {
  await page.goto(networkUrl('wahat', '/auth/register'));
  await expect(page).toHaveURL(networkUrl('wahat', '/ar/auth/register'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(textsOf('ar').auth.register.title);

  await page.goto(networkUrl('lakeside', '/products/1301'));
  await expect(page).toHaveURL(networkUrl('lakeside', '/en/products/1301'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Single ticket');
});

test('French on a network whose default language is not French is under /fr, and its language menu goes there', async ({
  page,
}) => {
  await page.goto(networkUrl('wahat', '/ar/auth/register'));
  await page.getByRole('button', { name: /اللغة/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page).toHaveURL(networkUrl('wahat', '/fr/auth/register'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(textsOf('fr').auth.register.title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

// SHELL-06 also asks for request tracking, whose link waits for the documents pages.
test('the header links to the shop, account and login; not yet to request tracking', async ({ page }) => {
  await page.goto(networkUrl('lakeside', '/en/'));
  const nav = page.getByRole('banner').getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/en/');
  await expect(nav.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/en/account');
  await expect(nav.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/auth');
  await expect(nav.getByRole('link', { name: 'Request tracking' })).toHaveCount(0);
});

test('the keyboard reaches the skip link first and the language menu', async ({ page }) => {
  await page.goto(networkUrl('lumiere', '/en/'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const language = page.getByRole('button', { name: /Language/ });
  // The server's page is the app's once its controls act (until then they are disabled).
  await expect(language).toBeEnabled();
  await language.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Español' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
});
