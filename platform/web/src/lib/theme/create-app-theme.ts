// Builds the MUI theme from a network's resolved tokens: light and dark schemes as CSS variables.
import { createTheme, type PaletteAlert, type PaletteOptions } from '@mui/material/styles';
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

/**
 * A filled alert draws its colour's `contrastText` on its `main` in both schemes: the pair the
 * network files' contrast check keeps at AA. MUI's own dark default is `dark` behind a computed
 * text colour, which nothing checks (a WARNING alert failed AA in dark).
 */
const filledAlertColours = (scheme: ResolvedColourScheme): Partial<PaletteAlert> => ({
  errorFilledBg: scheme.error.main,
  errorFilledColor: scheme.error.contrastText,
  warningFilledBg: scheme.warning.main,
  warningFilledColor: scheme.warning.contrastText,
  infoFilledBg: scheme.info.main,
  infoFilledColor: scheme.info.contrastText,
  successFilledBg: scheme.success.main,
  successFilledColor: scheme.success.contrastText,
});

export function paletteOf(scheme: ResolvedColourScheme): PaletteOptions & { Alert: Partial<PaletteAlert> } {
  return {
    Alert: filledAlertColours(scheme),
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

const DARK_SELECTOR = `[${COLOR_SCHEME_ATTRIBUTE}="dark"]`;

type StyleSheet = Record<string, unknown>;

/**
 * The theme's style sheets, with the dark scheme's variables also under the system's preference
 * while <html> has no scheme attribute: a page rendered by the server for the system's appearance
 * is painted dark on a dark phone before the browser sets the attribute at hydration, instead of
 * flashing light first (decision 0034). The network tokens' CSS does the same for the first paint.
 */
function withSystemDarkScheme(generate: () => StyleSheet[]): () => StyleSheet[] {
  return () => {
    const sheets = generate();
    const dark = sheets.find((sheet) => DARK_SELECTOR in sheet)?.[DARK_SELECTOR];
    if (!dark) return sheets;
    return [
      ...sheets,
      { '@media (prefers-color-scheme: dark)': { [`:root:not([${COLOR_SCHEME_ATTRIBUTE}])`]: dark } },
    ];
  };
}

export function createAppTheme(tokens: ResolvedTheme, direction: 'ltr' | 'rtl') {
  const theme = createTheme({
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
  // With CSS variables, MUI's theme carries the function its provider draws the sheets with.
  const withSheets = theme as typeof theme & { generateStyleSheets?: () => StyleSheet[] };
  if (withSheets.generateStyleSheets)
    withSheets.generateStyleSheets = withSystemDarkScheme(withSheets.generateStyleSheets);
  return theme;
}
