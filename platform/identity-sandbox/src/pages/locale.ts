// The pages' language: the authorization or logout request's ui_locales (the first one offered),
// else the browser's Accept-Language, else the issuer's own (French for FranceConnect, English for realms).

export const LOCALES = ['fr', 'en', 'ar', 'it', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

/** The first of a space-separated list of language tags (fr-FR, en_GB, ar) that the pages offer. */
export function localeOfUiLocales(uiLocales: unknown): Locale | undefined {
  if (typeof uiLocales !== 'string') return undefined;
  for (const tag of uiLocales.split(/\s+/)) {
    const language = tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
    if (isLocale(language)) return language;
  }
  return undefined;
}

export function chooseLocale(options: {
  uiLocales: unknown;
  /** The request's Accept-Language header. */
  acceptLanguage: string | undefined;
  /** Koa's (negotiator's) pick among the offered languages by Accept-Language and its weights. */
  acceptsLanguages: (languages: string[]) => string | false;
  fallback: Locale;
}): Locale {
  const requested = localeOfUiLocales(options.uiLocales);
  if (requested) return requested;
  // `*` (what fetch sends by default) states no preference: the issuer's own language then.
  const header = options.acceptLanguage?.trim();
  if (header && header !== '*') {
    const accepted = options.acceptsLanguages([...LOCALES]);
    if (accepted && isLocale(accepted)) return accepted;
  }
  return options.fallback;
}
