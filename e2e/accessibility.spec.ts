// axe finds no serious or critical violation on any page, in light and dark, in every language.
import { expect, test } from '@playwright/test';
import { localizedPath } from '@transit-shop/sdk/locale-paths';
import { expectNoSeriousViolationsInBothSchemes } from './support/axe.ts';
import { loadDemoNetworks } from './support/demo-networks.ts';
import { networkUrl } from './support/platform.ts';

const networks = await loadDemoNetworks();
const PAGES = ['/', '/legal-notices', '/privacy-policy', '/terms-of-use', '/maintenance', '/no-such-page'];

for (const path of PAGES) {
  test(`axe on lumiere ${path} in light and dark`, async ({ page }) => {
    await page.goto(networkUrl('lumiere', `/en${path}`));
    await expectNoSeriousViolationsInBothSchemes(page);
  });
}

for (const network of networks) {
  for (const locale of network.languages) {
    test(`axe on the ${network.slug} home page in ${locale}, light and dark`, async ({ page }) => {
      await page.goto(networkUrl(network.slug, localizedPath(locale, '/', network)));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expectNoSeriousViolationsInBothSchemes(page);
    });
  }
}
