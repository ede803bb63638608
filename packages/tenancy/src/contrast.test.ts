import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, findContrastFailures } from './contrast.ts';
import { repoRoot } from './test-support/tenant-folders.ts';
import { themeFileSchema } from './theme.schema.ts';
import { resolveTheme } from './theme-resolve.ts';

const lumiere = async () =>
  themeFileSchema.parse(JSON.parse(await readFile(join(repoRoot, 'themes', 'lumiere.json'), 'utf8')));

describe('contrast', () => {
  it('computes WCAG ratios for known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
  });

  it('finds no failure in the demo theme', async () => {
    expect(findContrastFailures(resolveTheme(await lumiere()))).toEqual([]);
  });

  it('reports a text pair below AA with its scheme and tokens', async () => {
    const theme = resolveTheme(await lumiere(), { dark: { text: { secondary: '#333a48' } } });
    const failures = findContrastFailures(theme);
    expect(failures.map((f) => `${f.scheme} ${f.foreground}/${f.background}`)).toEqual([
      'dark text.secondary/background.default',
      'dark text.secondary/background.paper',
    ]);
    expect(failures[0]?.ratio).toBeLessThan(4.5);
  });
});

describe('theme resolution', () => {
  it('replaces scale references by colours and applies overrides per scheme', async () => {
    const file = await lumiere();
    const theme = resolveTheme(file, { light: { primary: { main: '#0a0' } }, shape: { borderRadius: 2 } });
    expect(theme.colorSchemes.light.primary.main).toBe('#00aa00');
    expect(theme.colorSchemes.light.primary.contrastText).toBe('#ffffff');
    expect(theme.colorSchemes.light.header.background).toBe(file.scales.brand?.['700']);
    expect(theme.colorSchemes.dark.primary.main).toBe(file.scales.brand?.['300']);
    expect(theme.shape.borderRadius).toBe(2);
  });
});
