// Which language a page path is in, and the redirects of decision 0002 (locale in the path).
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@transit-shop/sdk/locales';

export type LocaleRoute = { serve: Locale } | { redirect: string };

const PREFIXES: ReadonlyMap<string, Locale> = new Map(LOCALES.map((locale) => [locale, locale]));

/** The path of `rest` (starting with "/") in a language: French has no prefix. */
export const localizedPath = (locale: Locale, rest: string) =>
  locale === DEFAULT_LOCALE ? rest : `/${locale}${rest}`;

/**
 * `path` is the request path; `languages`/`defaultLanguage` the network's; `cookieLocale` the
 * raw `locale` cookie. Query strings are the caller's to keep.
 */
export function localeRoute(
  path: string,
  network: { languages: readonly Locale[]; defaultLanguage: Locale },
  cookieLocale: string | undefined,
): LocaleRoute {
  const { languages, defaultLanguage } = network;
  const second = path.indexOf('/', 1);
  const prefix = PREFIXES.get(second === -1 ? path.slice(1) : path.slice(1, second));
  if (prefix !== undefined) {
    // Leading slashes collapse so that no redirect can become a protocol-relative URL ("//host").
    const rest = second === -1 ? '/' : `/${path.slice(second).replace(/^\/+/, '')}`;
    // "/fr/..." is not a French URL (French has no prefix): send it to its canonical form.
    if (prefix === DEFAULT_LOCALE || !languages.includes(prefix)) {
      const target = languages.includes(prefix) ? prefix : defaultLanguage;
      return { redirect: localizedPath(target, rest) };
    }
    return { serve: prefix };
  }
  if (!languages.includes(DEFAULT_LOCALE)) return { redirect: localizedPath(defaultLanguage, path) };
  if (path === '/') {
    const chosen = PREFIXES.get(cookieLocale ?? '');
    if (chosen !== undefined && languages.includes(chosen)) {
      return chosen === DEFAULT_LOCALE ? { serve: DEFAULT_LOCALE } : { redirect: `/${chosen}/` };
    }
    if (defaultLanguage !== DEFAULT_LOCALE) return { redirect: `/${defaultLanguage}/` };
  }
  return { serve: DEFAULT_LOCALE };
}
