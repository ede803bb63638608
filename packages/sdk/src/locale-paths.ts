// Where each language of a network lives in the shop's addresses (decision 0023, which supersedes
// 0002): a network whose default language is French shows French without a prefix and every other
// language under its own (/en, /ar, /it, /es); a network whose default language is another one
// puts every language under its prefix, French under /fr, and sends unprefixed addresses to its
// default language. The tenant service, the web app, the sitemap and the emails' links all read
// this module (no schema library: the web app's first paint imports it).
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

/** What of a network decides its addresses. */
export type LocaleNetwork = { readonly defaultLanguage: Locale };

const PREFIXES: ReadonlyMap<string, Locale> = new Map(LOCALES.map((locale) => [locale, locale]));

/** The language a network shows at unprefixed addresses: French where it is the default, else none. */
export function unprefixedLocaleOf(network: LocaleNetwork): Locale | undefined {
  return network.defaultLanguage === DEFAULT_LOCALE ? DEFAULT_LOCALE : undefined;
}

/** The path prefix of a language on a network: '' for its unprefixed language, '/en' and so on. */
export function localePrefixOf(locale: Locale, network: LocaleNetwork): string {
  return locale === unprefixedLocaleOf(network) ? '' : `/${locale}`;
}

/** The address of a page (`rest` starts with '/') in a language on a network. */
export function localizedPath(locale: Locale, rest: string, network: LocaleNetwork): string {
  const prefix = localePrefixOf(locale, network);
  return prefix && rest === '/' ? `${prefix}/` : `${prefix}${rest}`;
}

/**
 * The language prefix of an address, if it has one, and the page's path after it (always starting
 * with '/'; leading slashes collapse, so a path built from it never names another host).
 */
export function splitLocalePath(pathname: string): { prefix: Locale | undefined; rest: string } {
  const second = pathname.indexOf('/', 1);
  const prefix = PREFIXES.get(second === -1 ? pathname.slice(1) : pathname.slice(1, second));
  if (prefix === undefined) return { prefix: undefined, rest: pathname || '/' };
  return { prefix, rest: second === -1 ? '/' : `/${pathname.slice(second).replace(/^\/+/, '')}` };
}
