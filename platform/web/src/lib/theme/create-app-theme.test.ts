import type { Palette } from '@mui/material/styles';
import { ALERT_LEVEL_PALETTE } from '@transit-shop/tenancy/alert-palette';
import { describe, expect, it } from 'vitest';
import { fixtureBootstrap } from '../../test/fixtures/bootstrap.ts';
import { createAppTheme } from './create-app-theme.ts';

/** The CSS-variables theme carries its schemes and selector beside the usual theme fields. */
type SchemedTheme = {
  colorSchemes: Record<'light' | 'dark', { palette: Palette }>;
  colorSchemeSelector: string;
};
const schemed = (theme: ReturnType<typeof createAppTheme>) => theme as unknown as SchemedTheme;

describe('createAppTheme', () => {
  const tokens = fixtureBootstrap().theme;

  it('THEME-03 maps the network tokens to the light and dark palettes', () => {
    const theme = createAppTheme(tokens, 'ltr');
    expect(schemed(theme).colorSchemes.light.palette.primary.main).toBe('#1f4fbf');
    expect(schemed(theme).colorSchemes.dark.palette.primary.main).toBe('#8db1fa');
    expect(schemed(theme).colorSchemes.light.palette.header.background).toBe('#1a3f99');
    expect(schemed(theme).colorSchemes.dark.palette.background.default).toBe('#0f1420');
    expect(theme.shape.borderRadius).toBe(8);
    expect(theme.typography.fontFamily).toBe('Arial, sans-serif');
  });

  it('draws a filled alert of every level in the tokens the contrast check keeps at AA, light and dark', () => {
    const theme = schemed(createAppTheme(tokens, 'ltr'));
    for (const scheme of ['light', 'dark'] as const) {
      const { palette } = theme.colorSchemes[scheme];
      const alert = (palette as unknown as { Alert: Record<string, string> }).Alert;
      for (const colour of Object.values(ALERT_LEVEL_PALETTE)) {
        expect(alert[`${colour}FilledBg`]).toBe(tokens.colorSchemes[scheme][colour].main);
        expect(alert[`${colour}FilledColor`]).toBe(tokens.colorSchemes[scheme][colour].contrastText);
      }
    }
  });

  it('I18N-04 carries the direction and selects schemes by the data-color-scheme attribute', () => {
    expect(createAppTheme(tokens, 'rtl').direction).toBe('rtl');
    const theme = createAppTheme(tokens, 'ltr');
    expect(theme.direction).toBe('ltr');
    expect(schemed(theme).colorSchemeSelector).toBe('data-color-scheme');
  });
});
