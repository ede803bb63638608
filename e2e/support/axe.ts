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
