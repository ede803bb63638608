// Cross-file checks of tenant and theme files, as pure functions over parsed data.
import type { AlertDefinition } from '@transit-shop/sdk/alerts/alert.schema';
import type { Locale, LocalizedText } from '@transit-shop/sdk/locales';
import type { z } from 'zod';
import { findContrastFailures } from './contrast.ts';
import type { NetworkFile } from './network.schema.ts';
import type { ResolvedTheme, ThemeFile } from './theme.schema.ts';
import { resolveTheme, unresolvedTokens } from './theme-resolve.ts';
import type { Problem } from './types.ts';

/** One Problem per zod issue, so every wrong field of a file is reported at once. */
export function problemsFromZod(file: string, error: z.ZodError, prefix = ''): Problem[] {
  return error.issues.map((issue) => ({
    file,
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

/** Alerts: a window that ends before it starts, duplicate ids, a text missing for a language. */
export function checkAlerts(
  file: string,
  field: string,
  alerts: readonly AlertDefinition[],
  languages: readonly Locale[],
): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  alerts.forEach((alert, index) => {
    const at = `${field}.${index}`;
    if (seen.has(alert.id))
      problems.push({ file, field: `${at}.id`, message: `duplicate alert id "${alert.id}"` });
    seen.add(alert.id);
    if (
      alert.displayAfter &&
      alert.displayBefore &&
      Date.parse(alert.displayAfter) >= Date.parse(alert.displayBefore)
    ) {
      problems.push({
        file,
        field: `${at}.displayBefore`,
        message: 'invalid alert window: displayBefore must be after displayAfter',
      });
    }
    problems.push(...checkLocalizedText(file, `${at}.message`, alert.message, languages));
    if (alert.title) problems.push(...checkLocalizedText(file, `${at}.title`, alert.title, languages));
  });
  return problems;
}

/** A localized text must exist for every offered language (a null text is simply absent). */
export function checkLocalizedText(
  file: string,
  field: string,
  text: LocalizedText | null | undefined,
  languages: readonly Locale[],
): Problem[] {
  if (!text) return [];
  return languages
    .filter((locale) => !text[locale])
    .map((locale) => ({
      file,
      field: `${field}.${locale}`,
      message: `missing locale text: no text for offered language "${locale}"`,
    }));
}

/** The localized texts of a network file that must exist for every offered language. */
export function checkNetworkTexts(file: string, config: NetworkFile): Problem[] {
  return [
    ...checkLocalizedText(file, 'data.globalMessage', config.data.globalMessage, config.languages),
    ...checkLocalizedText(file, 'data.customRGPDText', config.data.customRGPDText, config.languages),
    ...checkAlerts(file, 'maintenanceAlerts', config.maintenanceAlerts, config.languages),
  ];
}

/** Global alerts show on every network: their texts must cover every language some network offers. */
export function checkGlobalAlerts(
  file: string,
  alerts: readonly AlertDefinition[],
  networkLanguages: readonly (readonly Locale[])[],
): Problem[] {
  const languages = [...new Set(networkLanguages.flat())];
  return checkAlerts(file, 'alerts', alerts, languages);
}

/** Text pairs of a resolved theme below WCAG AA, reported at the foreground token's field. */
export function checkThemeContrast(file: string, field: string, theme: ResolvedTheme): Problem[] {
  return findContrastFailures(theme).map((failure) => ({
    file,
    field: `${field}${field ? '.' : ''}${failure.scheme}.${failure.foreground}`,
    message: `text contrast ${failure.ratio}:1 of ${failure.foreground} on ${failure.background}${
      failure.uses.length > 0 ? ` (${failure.uses.join(', ')})` : ''
    } is below WCAG AA 4.5:1`,
  }));
}

/**
 * A parsed theme file: its id matches its file name, every scale reference exists, and every
 * text pair passes AA in both schemes (contrast only once the colours resolve).
 */
export function checkThemeFile(file: string, expectedId: string, theme: ThemeFile): Problem[] {
  const problems: Problem[] = [];
  if (theme.id !== expectedId)
    problems.push({ file, field: 'id', message: `the id must match the file name "${expectedId}"` });
  for (const scheme of ['light', 'dark'] as const) {
    for (const token of unresolvedTokens(theme.colorSchemes[scheme] as never, theme.scales)) {
      problems.push({
        file,
        field: `colorSchemes.${scheme}.${token}`,
        message: 'bad colour: unknown scale step',
      });
    }
  }
  if (problems.some((problem) => problem.field.startsWith('colorSchemes.'))) return problems;
  return [...problems, ...checkThemeContrast(file, 'colorSchemes', resolveTheme(theme))];
}

/** What a network needs to know about the themes: which ids exist and which are usable. */
export type ThemeCatalogue = ReadonlyMap<string, ThemeFile | null>;

/**
 * The network's theme: it exists, is valid, and the network's overrides neither point at an
 * unknown scale step nor break AA contrast. Returns the resolved theme when usable.
 */
export function checkNetworkTheme(
  file: string,
  config: Pick<NetworkFile, 'theme'>,
  themes: ThemeCatalogue,
): { problems: Problem[]; theme: ResolvedTheme | null } {
  const { id, overrides } = config.theme;
  if (!themes.has(id))
    return { problems: [{ file, field: 'theme.id', message: `unknown theme "${id}"` }], theme: null };
  const base = themes.get(id);
  if (!base)
    return { problems: [{ file, field: 'theme.id', message: `theme "${id}" has problems` }], theme: null };
  if (!overrides) return { problems: [], theme: resolveTheme(base) };
  const problems = (['light', 'dark'] as const).flatMap((scheme) =>
    unresolvedTokens((overrides[scheme] ?? {}) as never, base.scales).map((token) => ({
      file,
      field: `theme.overrides.${scheme}.${token}`,
      message: 'bad colour: unknown scale step',
    })),
  );
  if (problems.length > 0) return { problems, theme: null };
  const theme = resolveTheme(base, overrides);
  // The base theme passes on its own, so any failure here comes from this network's overrides.
  const contrast = checkThemeContrast(file, 'theme.overrides', theme);
  return { problems: contrast, theme: contrast.length > 0 ? null : theme };
}

/** What a network claims that no other network may: its id and its domains. */
export type NetworkClaim = { slug: string; file: string; id: number; domains: readonly string[] };

/**
 * Duplicate ids and domains. Claims are taken in order: the first network keeps them, a later
 * one claiming any of them is refused whole (its other claims stay free for the networks after).
 */
export function findDuplicateClaims(claims: readonly NetworkClaim[]): {
  problems: Problem[];
  refused: Set<string>;
} {
  const ids = new Map<number, string>();
  const domains = new Map<string, string>();
  const problems: Problem[] = [];
  const refused = new Set<string>();
  for (const claim of claims) {
    const mine: Problem[] = [];
    const owner = ids.get(claim.id);
    if (owner !== undefined)
      mine.push({ file: claim.file, field: 'id', message: `id ${claim.id} is also used by ${owner}` });
    claim.domains.forEach((domain, index) => {
      const domainOwner = domains.get(domain);
      if (domainOwner !== undefined)
        mine.push({
          file: claim.file,
          field: `domains.${index}`,
          message: `domain ${domain} is also used by ${domainOwner}`,
        });
    });
    if (mine.length > 0) {
      problems.push(...mine);
      refused.add(claim.slug);
      continue;
    }
    ids.set(claim.id, claim.slug);
    for (const domain of claim.domains) domains.set(domain, claim.slug);
  }
  return { problems, refused };
}
