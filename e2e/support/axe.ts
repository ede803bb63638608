// axe-core in the page: the serious and critical violations, said so that a failure reads well.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The serious and critical violations of the page as it is now, one line each.
 *
 * axe runs in the page itself (legacy mode): by default the builder merges the frames' results in a
 * second page it opens for the purpose, a new renderer process each time, which took two of the
 * three and a half seconds of an analysis. The shop's pages hold no frame of another origin, the
 * one thing that mode leaves out. Only the violations are reported node by node.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Waits for the page's heading and footer, then expects no serious or critical violation. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
}

export const COLOR_SCHEMES = ['light', 'dark'] as const;

/**
 * The serious and critical violations of the page as it is now, read in light then in dark, each
 * line naming its scheme. The shop follows the system's scheme as it changes (its appearance is
 * "System" unless the traveller chose one), without a transition, so one state of a page (its
 * errors shown, a dialog open) is read in both without walking to it twice. The page is left in
 * dark: the next page a test opens is dark until it is read again.
 */
export async function seriousViolationsInBothSchemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', colorScheme);
    for (const violation of await seriousViolations(page)) found.push(`${colorScheme}: ${violation}`);
  }
  return found;
}

/** Waits for the page's heading and footer, then expects no serious or critical violation, in light and in dark. */
export async function expectNoSeriousViolationsInBothSchemes(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(await seriousViolationsInBothSchemes(page)).toEqual([]);
}
