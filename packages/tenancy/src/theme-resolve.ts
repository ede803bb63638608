// Turns a theme file and a network's overrides into plain hex colours for both schemes.
import type {
  ColourSchemeTokens,
  ResolvedColourScheme,
  ResolvedTheme,
  ThemeFile,
  ThemeOverrides,
} from './theme.schema.ts';

/** Expands #rgb to #rrggbb and lowercases. */
export function normaliseHex(hex: string): string {
  const value = hex.toLowerCase();
  if (value.length === 4) return `#${[...value.slice(1)].map((c) => c + c).join('')}`;
  return value;
}

/** Resolves a token (hex or "scale.step") against the theme's scales; undefined when unknown. */
export function resolveColourToken(token: string, scales: ThemeFile['scales']): string | undefined {
  if (token.startsWith('#')) return normaliseHex(token);
  const [scale, step] = token.split('.');
  const value = scale && step ? (scales[scale] as Record<string, string> | undefined)?.[step] : undefined;
  return value ? normaliseHex(value) : undefined;
}

type Tree = { [key: string]: string | Tree };

function mergeTree(base: Tree, over: Tree | undefined): Tree {
  if (!over) return base;
  const merged: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined) continue;
    const current = merged[key];
    merged[key] =
      typeof value === 'object' && typeof current === 'object' ? mergeTree(current, value) : value;
  }
  return merged;
}

/** Every token path of a scheme whose reference cannot be resolved. */
export function unresolvedTokens(scheme: Tree, scales: ThemeFile['scales'], prefix = ''): string[] {
  return Object.entries(scheme).flatMap(([key, value]) =>
    typeof value === 'object'
      ? unresolvedTokens(value, scales, `${prefix}${key}.`)
      : resolveColourToken(value, scales) === undefined
        ? [`${prefix}${key}`]
        : [],
  );
}

function resolveTree(tree: Tree, scales: ThemeFile['scales']): Tree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      typeof value === 'object'
        ? resolveTree(value, scales)
        : (resolveColourToken(value, scales) ?? '#000000'),
    ]),
  );
}

export function mergeScheme(
  scheme: ColourSchemeTokens,
  overrides: ThemeOverrides['light'],
): ColourSchemeTokens {
  return mergeTree(scheme as unknown as Tree, overrides as Tree | undefined) as unknown as ColourSchemeTokens;
}

export function resolveTheme(file: ThemeFile, overrides?: ThemeOverrides): ResolvedTheme {
  const scheme = (name: 'light' | 'dark') =>
    resolveTree(
      mergeScheme(file.colorSchemes[name], overrides?.[name]) as unknown as Tree,
      file.scales,
    ) as unknown as ResolvedColourScheme;
  return {
    id: file.id,
    colorSchemes: { light: scheme('light'), dark: scheme('dark') },
    typography: { ...file.typography, ...overrides?.typography },
    shape: { ...file.shape, ...overrides?.shape },
  };
}
