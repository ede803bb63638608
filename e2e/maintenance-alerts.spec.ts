// Maintenance alerts as a traveller meets them, on networks of the tests' own (the run's demo
// alerts are fixed, support/run-tenants.ts): an alert of every level is in the first response,
// readable (axe, AA) in light and dark, and moves nothing; windows open and close on the
// visitor's clock without a reload.
import { expect, type Page, test } from '@playwright/test';
import { ALERT_LEVELS, type AlertLevel } from '@transit-shop/sdk/alerts/alert.schema';
import { addNetworkWithAlerts } from './support/alert-networks.ts';
import { seriousViolations } from './support/axe.ts';
import { layoutShiftOf, watchLayoutShifts } from './support/layout-shifts.ts';
import { apiRequest, networkUrl } from './support/platform.ts';

const LEVELS = Object.keys(ALERT_LEVELS) as AlertLevel[];

/** The network's English home as the server answers it, once it serves the network. */
async function firstResponse(page: Page, slug: string, waitFor: string): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        const response = await page.request.get(...apiRequest(slug, '/en/'));
        html = response.ok() ? await response.text() : '';
        return html.includes(waitFor);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return html;
}

test.describe('an alert of every level', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  LEVELS.forEach((level, index) => {
    test(`a ${level} alert is served with the page, passes axe in light and dark and moves nothing`, async ({
      page,
    }) => {
      const slug = `alert-${level.toLowerCase()}`;
      const message = `Line 3 ${level.toLowerCase()}: trams every 12 minutes`;
      await addNetworkWithAlerts({
        slug,
        id: 470 + index,
        alerts: [{ id: `${slug}-works`, level, title: { en: 'Works on line 3' }, message: { en: message } }],
      });

      const html = await firstResponse(page, slug, message);
      expect(html).toMatch(/<div data-alerts="pending"><div[^>]*role="status"/);

      await watchLayoutShifts(page);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto(networkUrl(slug, '/en/'));
        const banner = page.getByRole('status').filter({ hasText: message });
        await expect(banner).toBeVisible();
        await expect(banner.getByText('Works on line 3')).toBeVisible();
        // Hydrated, the beacon answered: the banner is the live one now.
        await expect(page.locator('[data-alerts="settled"]')).toBeAttached();
        await expect(banner).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        expect(await seriousViolations(page), `${level} in ${colorScheme}`).toEqual([]);
        await page.waitForLoadState('networkidle');
        const shifted = await layoutShiftOf(page);
        expect(shifted, `layout shift in ${colorScheme}`).toBeLessThan(0.02);
      }
    });
  });
});

test.describe('display windows on the visitor’s clock', () => {
  const slug = 'alert-windows';
  const message = 'Storm: lines 1 and 4 stopped';
  // A window years ahead of any day the suite runs: the server serves the page without it, the
  // browser's clock (installed by each test) opens and closes it.
  const window = { displayAfter: '2031-03-10T06:00:00Z', displayBefore: '2031-03-10T18:00:00Z' };

  test.beforeAll(async () => {
    await addNetworkWithAlerts({
      slug,
      id: 480,
      alerts: [{ id: 'storm', level: 'DANGER', message: { en: message }, ...window }],
    });
  });

  // One worker adds the network once.
  test.describe.configure({ mode: 'serial' });

  const storm = (page: Page) => page.getByRole('status').filter({ hasText: message });

  test('ALERT-04 an alert inside its window shows', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-03-10T12:00:00Z'));
    await firstResponse(page, slug, '<div data-alerts="pending">');
    await page.goto(networkUrl(slug, '/en/'));
    await expect(storm(page)).toBeVisible();
  });

  test('ALERT-02 ALERT-04 an alert does not show before its window and shows once it opens', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date('2031-03-10T05:59:00Z') });
    await firstResponse(page, slug, '<div data-alerts="pending">');
    await page.goto(networkUrl(slug, '/en/'));
    await expect(page.locator('[data-alerts="settled"]')).toBeAttached();
    await expect(storm(page)).toHaveCount(0);
    // The window opens at 06:00; the banner re-evaluates the clock every 30 s.
    await page.clock.fastForward('02:00');
    await expect(storm(page)).toBeVisible();
  });

  test('ALERT-03 ALERT-04 an alert disappears when its window closes, without a reload', async ({ page }) => {
    await page.clock.install({ time: new Date('2031-03-10T17:59:00Z') });
    await firstResponse(page, slug, '<div data-alerts="pending">');
    await page.goto(networkUrl(slug, '/en/'));
    await expect(storm(page)).toBeVisible();
    await page.clock.fastForward('02:00');
    await expect(storm(page)).toHaveCount(0);
  });
});
