// The browser's own account of layout shifts from the first paint on, as Lighthouse reads it (none
// after an input): installed before a page loads, read once it has settled.
import type { Page } from '@playwright/test';

type ShiftWindow = { layoutShifts: { total: number } };

/** Counts the layout shifts of every page the tab loads from now on. */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's cumulative layout shift so far. */
export const layoutShiftOf = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as ShiftWindow).layoutShifts.total);
