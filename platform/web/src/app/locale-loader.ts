// The guard of every language prefix, and of unprefixed addresses (decision 0023): a language the
// network does not offer redirects to its default language, an address not in its canonical form
// (/fr/... on a French network, an unprefixed one elsewhere) to that form; an offered language is
// switched to (messages, direction, the network's texts in it) before the page renders.
import { localizedPath, unprefixedLocaleOf } from '@transit-shop/sdk/locale-paths';
import type { Locale } from '@transit-shop/sdk/locales';
import type { Bootstrap } from '@transit-shop/tenancy';
import type { i18n } from 'i18next';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { splitLocale } from '../config/paths.ts';
import { bootstrapInLocale } from '../lib/bootstrap.ts';
import type { BootstrapStore } from '../lib/bootstrap-context.tsx';
import { changeLocale, prepareLocale } from '../lib/i18n.ts';

export type LocaleLoaderContext = { bootstrap: BootstrapStore; i18n: i18n };

type LocaleNetwork = Pick<Bootstrap['network'], 'languages' | 'defaultLanguage'>;

/** The language a visitor lands on when the path's language is not offered. */
export function fallbackLocale(network: LocaleNetwork): Locale {
  return network.languages.includes(network.defaultLanguage)
    ? network.defaultLanguage
    : (network.languages[0] ?? network.defaultLanguage);
}

/**
 * The language a route shows on this network, or the address to go to instead. `locale` is the
 * route's prefix; undefined for unprefixed addresses.
 */
export function localeOfRoute(
  locale: Locale | undefined,
  network: LocaleNetwork,
): { serve: Locale } | { redirectTo: Locale } {
  const unprefixed = unprefixedLocaleOf(network);
  if (locale === undefined)
    return unprefixed ? { serve: unprefixed } : { redirectTo: fallbackLocale(network) };
  if (!network.languages.includes(locale)) return { redirectTo: fallbackLocale(network) };
  // "/fr/..." on a French network: its address has no prefix.
  if (locale === unprefixed) return { redirectTo: locale };
  return { serve: locale };
}

export function localeLoader(locale: Locale | undefined, { bootstrap, i18n }: LocaleLoaderContext) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { network } = bootstrap.get();
    const route = localeOfRoute(locale, network);
    if ('redirectTo' in route) {
      const url = new URL(request.url);
      const { path } = splitLocale(url.pathname);
      throw redirect(`${localizedPath(route.redirectTo, path, network)}${url.search}${url.hash}`);
    }
    const shown = route.serve;
    if (bootstrap.get().locale !== shown) {
      const [localized] = await Promise.all([
        bootstrapInLocale(bootstrap, shown),
        prepareLocale(i18n, shown),
      ]);
      bootstrap.set(localized);
    }
    if (i18n.language !== shown) await changeLocale(i18n, shown);
    return null;
  };
}
