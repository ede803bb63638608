// Builds the MUI theme from a network's resolved tokens: light and dark schemes as CSS variables.
import { createTheme, type PaletteOptions } from '@mui/material/styles';
import type { ResolvedColourScheme, ResolvedTheme } from '@transit-shop/tenancy';
import { inputsCustomizations } from './customizations/inputs.ts';
import { navigationCustomizations } from './customizations/navigation.ts';

declare module '@mui/material/styles' {
  interface Palette {
    header: { background: string; text: string };
  }
  interface PaletteOptions {
    header?: { background: string; text: string };
  }
}

/** The attribute on <html> that selects the scheme; the server renders the same one. */
export const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';

export function paletteOf(scheme: ResolvedColourScheme): PaletteOptions {
  return {
    primary: scheme.primary,
    secondary: scheme.secondary,
    error: scheme.error,
    warning: scheme.warning,
    info: scheme.info,
    success: scheme.success,
    background: scheme.background,
    text: scheme.text,
    divider: scheme.divider,
    header: scheme.header,
  };
}

export function createAppTheme(tokens: ResolvedTheme, direction: 'ltr' | 'rtl') {
  return createTheme({
    cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE },
    colorSchemes: {
      light: { palette: paletteOf(tokens.colorSchemes.light) },
      dark: { palette: paletteOf(tokens.colorSchemes.dark) },
    },
    direction,
    typography: {
      fontFamily: tokens.typography.fontFamily,
      fontSize: tokens.typography.fontSize,
      h1: {
        fontFamily: tokens.typography.headingFontFamily ?? tokens.typography.fontFamily,
        fontSize: '2rem',
        fontWeight: 700,
      },
      h2: {
        fontFamily: tokens.typography.headingFontFamily ?? tokens.typography.fontFamily,
        fontSize: '1.5rem',
        fontWeight: 600,
      },
      h3: { fontSize: '1.25rem', fontWeight: 600 },
    },
    shape: { borderRadius: tokens.shape.borderRadius },
    components: { ...inputsCustomizations, ...navigationCustomizations },
  });
}
