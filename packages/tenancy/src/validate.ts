// Cross-file checks of tenant and theme files, as pure functions over parsed data.
import type { AlertDefinition } from '@transit-shop/sdk/alerts/alert.schema';
import type { Locale, LocalizedText } from '@transit-shop/sdk/locales';
import type { z } from 'zod';
import { findContrastFailures } from './contrast.ts';
import type { NetworkFile } from './network.schema.ts';
import type { ResolvedTheme } from './theme.schema.ts';
import type { Problem } from './types.ts';

/** One Problem per zod issue, so every wrong field of a file is reported at once. */
export function problemsFromZod(file: string, error: z.ZodError, prefix = ''): Problem[] {
  return error.issues.map((issue) => ({
    file,
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

/** Alerts: a window that ends before it starts, duplicate ids, a message missing for a language. */
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
      message: `missing text for offered language "${locale}"`,
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

export function checkThemeContrast(file: string, field: string, theme: ResolvedTheme): Problem[] {
  return findContrastFailures(theme).map((failure) => ({
    file,
    field: `${field}${field ? '.' : ''}${failure.scheme}`,
    message: `text contrast ${failure.ratio}:1 of ${failure.foreground} on ${failure.background} is below WCAG AA 4.5:1`,
  }));
}
