// Where a page is scrolled when it opens, on a phone: a new page opens at its top, and back and
// forward find each page where it was left (ROUTE-13), through the app's own router.
import { expect, type Page, test } from '@playwright/test';
import { newAccount, register, shopUrl } from './support/accounts.ts';
import { textsOf } from './support/texts.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls the page to bring an element to the middle of the screen, and says where the page is. */
async function scrollTo(page: Page, target: ReturnType<Page['getByRole']>): Promise<number> {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(200);
  // The position settles once the scroll is done.
  let last = -1;
  await expect
    .poll(async () => {
      const now = await scrollY(page);
      const settled = now === last;
      last = now;
      return settled;
    })
    .toBe(true);
  return last;
}

test('ROUTE-13 a product opened from the scrolled shop opens at its top; back finds the shop where it was, forward the product', async ({
  page,
}) => {
  test.slow();
  const t = textsOf('en');
  await page.goto(shopUrl('lumiere', 'en', '/'));
  const product = page.getByRole('article').getByRole('link', { name: 'Annual pass', exact: true });
  // The catalogue loads after the first paint, slowly on a busy machine.
  await expect(product).toBeVisible({ timeout: 30_000 });
  // The page the server rendered is the app's once its controls act: from then on a link is
  // followed by the app's router (before, by the browser, which loads the next page whole).
  await expect(
    page.getByRole('group', { name: t.shop.filters.label }).getByRole('combobox').first(),
  ).toBeEnabled();
  const shopPosition = await scrollTo(page, product);

  await product.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Annual pass' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  const productPosition = await scrollTo(page, page.getByRole('button', { name: t.products.addToCart }));

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Annual pass' })).toHaveCount(0);
  await expect(product).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(shopPosition);

  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Annual pass' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(productPosition);
});

test('ROUTE-13 the new traveller page opened from the scrolled account page opens at its top; back finds the account page where it was', async ({
  page,
}) => {
  test.slow();
  const t = textsOf('en');
  const account = newAccount('scroll');
  await register(page, 'lumiere', 'en', account, 'verified');
  await page.goto(shopUrl('lumiere', 'en', '/account'));
  await expect(page.getByRole('heading', { level: 1, name: t.account.title })).toBeVisible();
  const add = page.getByRole('link', { name: t.account.travellers.add });
  const accountPosition = await scrollTo(page, add);

  await add.click();
  await expect(page.getByRole('heading', { level: 1, name: t.account.traveller.newTitle })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: t.account.title })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(accountPosition);
});
