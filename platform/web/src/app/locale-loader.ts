// The guard of every language prefix: a language the network does not offer redirects to its
// default language; an offered one is switched to (messages, direction, the network's texts in
// it) before the page renders.
import type { Locale } from '@transit-shop/sdk/locales';
import type { Bootstrap } from '@transit-shop/tenancy';
import type { i18n } from 'i18next';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { localePath, splitLocale } from '../config/paths.ts';
import { bootstrapInLocale } from '../lib/bootstrap.ts';
import type { BootstrapStore } from '../lib/bootstrap-context.tsx';
import { changeLocale, prepareLocale } from '../lib/i18n.ts';

export type LocaleLoaderContext = { bootstrap: BootstrapStore; i18n: i18n };

/** The language a visitor lands on when the path's language is not offered. */
export function fallbackLocale(network: Pick<Bootstrap['network'], 'languages' | 'defaultLanguage'>): Locale {
  return network.languages.includes(network.defaultLanguage)
    ? network.defaultLanguage
    : (network.languages[0] ?? network.defaultLanguage);
}

export function localeLoader(locale: Locale, { bootstrap, i18n }: LocaleLoaderContext) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { network } = bootstrap.get();
    if (!network.languages.includes(locale)) {
      const url = new URL(request.url);
      const { path } = splitLocale(url.pathname);
      throw redirect(`${localePath(fallbackLocale(network), path)}${url.search}${url.hash}`);
    }
    if (bootstrap.get().locale !== locale) {
      const [localized] = await Promise.all([
        bootstrapInLocale(bootstrap, locale),
        prepareLocale(i18n, locale),
      ]);
      bootstrap.set(localized);
    }
    if (i18n.language !== locale) await changeLocale(i18n, locale);
    return null;
  };
}
