import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALERT_LEVEL_PALETTE } from './alert-palette.ts';
import { contrastRatio, findContrastFailures, relativeLuminance, TEXT_PAIRS } from './contrast.ts';
import { repoRoot } from './test-support/tenant-folders.ts';
import { themeFileSchema } from './theme.schema.ts';
import { resolveTheme } from './theme-resolve.ts';

const demoTheme = async (id: string) =>
  themeFileSchema.parse(JSON.parse(await readFile(join(repoRoot, 'themes', `${id}.json`), 'utf8')));

describe('contrast', () => {
  it('computes WCAG luminance and ratios for known pairs', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
  });

  it('checks every text pair of the brief in both schemes', () => {
    expect(TEXT_PAIRS).toHaveLength(13);
    expect(TEXT_PAIRS).toContainEqual(['header.text', 'header.background']);
    expect(TEXT_PAIRS).toContainEqual(['success.contrastText', 'success.main']);
  });

  it('covers the text of a maintenance alert of every level, in both schemes', () => {
    for (const palette of Object.values(ALERT_LEVEL_PALETTE)) {
      expect(TEXT_PAIRS).toContainEqual([`${palette}.contrastText`, `${palette}.main`]);
    }
  });

  it('names the alert levels a failing pair draws, in light and in dark', async () => {
    const theme = resolveTheme(await demoTheme('lumiere'), {
      dark: { warning: { main: '#b26a00', contrastText: '#462a00' } },
      light: { info: { main: '#0b5cad', contrastText: '#3d7fd0' } },
    });
    expect(findContrastFailures(theme).map((f) => `${f.scheme} ${f.uses.join(' ')}`)).toEqual([
      'light NOTICE alerts INFO alerts',
      'dark WARNING alerts',
    ]);
  });

  it('finds no failure in the three demo themes, light and dark', async () => {
    for (const id of ['lumiere', 'oasis', 'harbour']) {
      expect(findContrastFailures(resolveTheme(await demoTheme(id)))).toEqual([]);
    }
  });

  it('reports a text pair below AA with its scheme, tokens and ratio', async () => {
    const theme = resolveTheme(await demoTheme('lumiere'), {
      dark: { text: { secondary: '#333a48' } },
      light: { error: { contrastText: '#ff8080' } },
    });
    const failures = findContrastFailures(theme);
    expect(failures[0]?.uses).toEqual(['CRITICAL alerts', 'DANGER alerts']);
    expect(failures.map((f) => `${f.scheme} ${f.foreground}/${f.background}`)).toEqual([
      'light error.contrastText/error.main',
      'dark text.secondary/background.default',
      'dark text.secondary/background.paper',
    ]);
    expect(failures.every((f) => f.ratio < 4.5 && f.ratio > 1)).toBe(true);
  });
});
