// Each network's shop is branded before any script runs (name, logo, colours, language), and its
// pages run within the content-security policy (decision 0034).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadDemoNetworks } from './support/demo-networks.ts';
import { layoutShiftOf, watchLayoutShifts } from './support/layout-shifts.ts';
import { apiRequest, networkUrl } from './support/platform.ts';

const networks = await loadDemoNetworks();
const root = join(import.meta.dirname, '..');

test.describe('first paint without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const network of networks) {
    test(`THEME-03 ${network.slug} shows its own name, logo and primary colour on first paint`, async ({
      page,
    }) => {
      const prefix = network.defaultLanguage === 'fr' ? '' : `/${network.defaultLanguage}`;
      const response = await page.goto(networkUrl(network.slug, `${prefix}/`));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(network.name);
      // The page's own header, rendered by the server (decision 0034).
      const header = page.locator('header').first();
      await expect(header).toContainText(network.name);
      const logo = header.locator('img').first();
      await expect(logo).toHaveAttribute('src', '/tenant/logo');
      expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const logoFile = await page.request.get(...apiRequest(network.slug, '/tenant/logo'));
      const config = JSON.parse(await readFile(join(root, 'tenants', network.slug, 'network.json'), 'utf8'));
      expect(await logoFile.text()).toBe(
        await readFile(join(root, 'tenants', network.slug, config.logo), 'utf8'),
      );
      const colours = await page.evaluate(() => {
        const style = getComputedStyle(document.documentElement);
        const header = getComputedStyle(document.querySelector('header') as Element);
        return {
          primary: style.getPropertyValue('--net-primary').trim(),
          headerBackground: header.backgroundColor,
        };
      });
      expect(colours.primary.toLowerCase()).toBe(network.light.primary.main.toLowerCase());
      expect(colours.headerBackground).toBe(hexToRgb(network.light.header.background));
    });
  }

  test('I18N-04 an Arabic page is right to left before any script runs', async ({ page }) => {
    await page.goto(networkUrl('wahat', '/ar/'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });
});

/** A product of each demo network: its single ticket. */
const SINGLE_TICKET: Record<string, number> = { lumiere: 1101, wahat: 1201, lakeside: 1301 };

test.describe('the content-security policy', () => {
  for (const network of networks) {
    test(`${network.slug}'s home, product and cart pages run without a policy violation`, async ({
      page,
    }) => {
      // The browser reports a violation even when the script catches the refusal (zod's probe of
      // `new Function` did, on every page that parsed an answer): the pages listen for reports.
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { cspViolations: seen });
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
        );
      });
      const prefix = network.defaultLanguage === 'fr' ? '' : `/${network.defaultLanguage}`;
      for (const path of ['/', `/products/${SINGLE_TICKET[network.slug]}`, '/cart']) {
        await page.goto(networkUrl(network.slug, `${prefix}${path}`));
        await expect(page.locator('main h1')).toBeVisible();
        // The catalogue is read (and parsed) on each of these pages.
        if (path !== '/cart') await expect(page.locator('main h2').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(
          await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
        ).toEqual([]);
      }
    });
  }
});

test.describe('on a phone, the home page', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  for (const network of networks) {
    test(`${network.slug}'s home page does not move while its shop arrives (layout shift under 0.02)`, async ({
      page,
    }) => {
      await watchLayoutShifts(page);
      const prefix = network.defaultLanguage === 'fr' ? '' : `/${network.defaultLanguage}`;
      await page.goto(networkUrl(network.slug, `${prefix}/`));
      await expect(page.locator('main h2').first()).toBeVisible();
      await expect(page.locator('main article, main li').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const total = await layoutShiftOf(page);
      expect(total).toBeLessThan(0.02);
    });
  }
});

function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}
