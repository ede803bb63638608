import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './test-support/tenant-folders.ts';
import { resolvedThemeSchema, themeFileSchema, themeOverridesSchema } from './theme.schema.ts';
import { resolveTheme } from './theme-resolve.ts';

const demoTheme = async (id: string) =>
  themeFileSchema.parse(JSON.parse(await readFile(join(repoRoot, 'themes', `${id}.json`), 'utf8')));

describe('theme resolution', () => {
  it('replaces every scale reference by its colour and expands #rgb', async () => {
    const file = await demoTheme('lumiere');
    const theme = resolveTheme(file);
    expect(resolvedThemeSchema.parse(theme)).toEqual(theme);
    expect(theme.colorSchemes.light.primary.main).toBe(file.scales.brand?.['600']);
    expect(theme.colorSchemes.light.header.background).toBe(file.scales.brand?.['700']);
    expect(theme.colorSchemes.dark.primary.contrastText).toBe(file.scales.brand?.['900']);
    const short = resolveTheme({
      ...file,
      colorSchemes: { ...file.colorSchemes, light: { ...file.colorSchemes.light, divider: '#ABC' } },
    });
    expect(short.colorSchemes.light.divider).toBe('#aabbcc');
  });

  it('applies overrides per scheme, keeping the tokens they do not name', async () => {
    const file = await demoTheme('lumiere');
    const base = resolveTheme(file);
    const theme = resolveTheme(file, {
      light: { primary: { main: '#0a0' }, header: { background: 'accent.800' } },
      typography: { fontSize: 15 },
      shape: { borderRadius: 2 },
    });
    expect(theme.colorSchemes.light.primary).toEqual({
      main: '#00aa00',
      contrastText: base.colorSchemes.light.primary.contrastText,
    });
    expect(theme.colorSchemes.light.header.background).toBe(file.scales.accent?.['800']);
    expect(theme.colorSchemes.light.header.text).toBe(base.colorSchemes.light.header.text);
    expect(theme.colorSchemes.dark).toEqual(base.colorSchemes.dark);
    expect(theme.typography).toEqual({ ...base.typography, fontSize: 15 });
    expect(theme.shape.borderRadius).toBe(2);
  });
});

describe('theme file schema', () => {
  it('accepts the three demo themes', async () => {
    for (const id of ['lumiere', 'oasis', 'harbour']) expect((await demoTheme(id)).id).toBe(id);
  });

  it('refuses a bad colour, an unknown field and an unknown override token', async () => {
    const file = JSON.parse(await readFile(join(repoRoot, 'themes', 'lumiere.json'), 'utf8'));
    file.colorSchemes.light.text.primary = 'blue';
    file.scales.brand['500'] = '#12345g';
    file.gradient = 'none';
    const issues = themeFileSchema.safeParse(file).error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join('.'))).toEqual([
      'scales.brand.500',
      'colorSchemes.light.text.primary',
      '',
    ]);
    expect(issues[0]?.message).toMatch(/^bad colour/);
    expect(themeOverridesSchema.safeParse({ light: { primary: { shade: '#000' } } }).success).toBe(false);
  });
});
