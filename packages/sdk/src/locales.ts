// The interface languages of the shop and how each is written (no schema library: the web app's
// first paint imports this).

export const LOCALES = ['fr', 'en', 'ar', 'it', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE = 'fr' as const;
export const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
}

/** Reduces a regional language code (fr_FR, en-GB) to its language part (fr, en). */
export function reduceLanguageCode(code: string): string {
  return code.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
}

/** A text given in several languages, keyed by locale. */
export type LocalizedText = Partial<Record<Locale, string>>;
