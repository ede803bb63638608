// Which language a page path is in on a network, and the redirects of decision 0023 (language
// prefixes per network, superseding 0002).
import { localizedPath, splitLocalePath, unprefixedLocaleOf } from '@transit-shop/sdk/locale-paths';
import type { Locale } from '@transit-shop/sdk/locales';

export type LocaleRoute = { serve: Locale } | { redirect: string };

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
  const unprefixed = unprefixedLocaleOf(network);
  const { prefix, rest } = splitLocalePath(path);
  if (prefix !== undefined) {
    // A language the network does not offer shows the page in its default language; the language
    // it shows without a prefix ("/fr/..." on a French network) goes to its canonical address.
    if (!languages.includes(prefix)) return { redirect: localizedPath(defaultLanguage, rest, network) };
    if (prefix === unprefixed) return { redirect: rest };
    return { serve: prefix };
  }
  if (path === '/') {
    // Exactly "/": the locale cookie chooses among the offered languages, else the default one.
    // Deep links never follow the cookie: a shared address keeps its language.
    const chosen = languages.find((language) => language === cookieLocale) ?? defaultLanguage;
    if (chosen !== unprefixed) return { redirect: localizedPath(chosen, '/', network) };
  }
  // Unprefixed addresses are the default language's on a French network; elsewhere they move
  // under the default language's prefix, so such a network never shows a French page unasked.
  if (unprefixed === undefined) return { redirect: localizedPath(defaultLanguage, path, network) };
  return { serve: unprefixed };
}
