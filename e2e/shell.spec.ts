// The branded shell as a traveller uses it: languages, appearance, 404 page (maintenance alerts:
// maintenance-alerts.spec.ts).
import { expect, test } from '@playwright/test';
import { networkUrl } from './support/platform.ts';

test('ROUTE-02 an unknown route shows the 404 page with a way back home', async ({ page }) => {
  const response = await page.goto(networkUrl('lumiere', '/en/no-such-page'));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('404');
  await page.getByRole('link', { name: /home/i }).click();
  await expect(page).toHaveURL(networkUrl('lumiere', '/en/'));
});

test('I18N-04 switching to Arabic sets dir="rtl" and mirrors the header', async ({ page }) => {
  await page.goto(networkUrl('lumiere', '/'));
  const logo = page.locator('header img');
  const width = page.viewportSize()?.width ?? 1280;
  await expect.poll(async () => (await logo.boundingBox())?.x ?? width).toBeLessThan(width / 2);

  await page.getByRole('button', { name: /langue/i }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page).toHaveURL(networkUrl('lumiere', '/ar/'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect.poll(async () => (await logo.boundingBox())?.x ?? 0).toBeGreaterThan(width / 2);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'locale')?.value).toBe('ar');
});

test('I18N-01 only the network languages are offered', async ({ page }) => {
  await page.goto(networkUrl('wahat', '/fr/legal-notices'));
  await page.getByRole('button', { name: /langue/i }).click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveCount(3);
  await expect(page.getByRole('menuitem', { name: 'Italiano' })).toHaveCount(0);
});

test('THEME-01 THEME-02 the appearance choice survives a reload', async ({ page }) => {
  await page.goto(networkUrl('lakeside', '/en/'));
  await page.getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'theme');
  expect(cookie?.value).toBe('DARK');
  expect(cookie?.sameSite).toBe('Strict');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
});
