// WCAG 2.x contrast maths and the text pairs every theme must keep at AA (4.5:1).
import { ALERT_LEVEL_PALETTE } from './alert-palette.ts';
import type { ResolvedColourScheme, ResolvedTheme } from './theme.schema.ts';

export const AA_TEXT_CONTRAST = 4.5;

export function relativeLuminance(hex: string): number {
  const value = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const channels = [1, 3, 5].map((i) => Number.parseInt(value.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

export type ContrastFailure = {
  scheme: 'light' | 'dark';
  foreground: string;
  background: string;
  ratio: number;
  /** What the pair draws, when it is more than the tokens say (the alerts of a level). */
  uses: readonly string[];
};

const PALETTE = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

/** Foreground/background token pairs that carry text. */
export const TEXT_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['text.primary', 'background.default'],
  ['text.primary', 'background.paper'],
  ['text.secondary', 'background.default'],
  ['text.secondary', 'background.paper'],
  ['primary.main', 'background.default'],
  ['primary.main', 'background.paper'],
  ['header.text', 'header.background'],
  ...PALETTE.map((name) => [`${name}.contrastText`, `${name}.main`] as const),
];

/** What each pair draws beyond its tokens' names: the maintenance alerts drawn in a palette colour. */
export function usesOfPair([foreground, background]: readonly [string, string]): string[] {
  return Object.entries(ALERT_LEVEL_PALETTE)
    .filter(([, palette]) => foreground === `${palette}.contrastText` && background === `${palette}.main`)
    .map(([level]) => `${level} alerts`);
}

function token(scheme: ResolvedColourScheme, path: string): string {
  const [group, key] = path.split('.') as [keyof ResolvedColourScheme, string];
  return (scheme[group] as Record<string, string>)[key] as string;
}

export function findContrastFailures(theme: ResolvedTheme): ContrastFailure[] {
  return (['light', 'dark'] as const).flatMap((schemeName) => {
    const scheme = theme.colorSchemes[schemeName];
    return TEXT_PAIRS.flatMap((pair) => {
      const [foreground, background] = pair;
      const ratio = contrastRatio(token(scheme, foreground), token(scheme, background));
      return ratio < AA_TEXT_CONTRAST
        ? [
            {
              scheme: schemeName,
              foreground,
              background,
              ratio: Math.round(ratio * 100) / 100,
              uses: usesOfPair(pair),
            },
          ]
        : [];
    });
  });
}
