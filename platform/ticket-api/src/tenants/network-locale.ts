// The language the network writes to a customer in: their emails, and an order placed without one.
import { DEFAULT_LOCALE, isLocale, type Locale, reduceLanguageCode } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';

/** The user's language when the network offers it, else the network's default language. */
export function emailLocale(network: LoadedNetwork, preferred: string | null | undefined): Locale {
  const { languages, defaultLanguage } = network.network.config;
  const offered = languages.map(reduceLanguageCode).filter(isLocale);
  if (isLocale(preferred) && offered.includes(preferred)) return preferred;
  const fallback = reduceLanguageCode(defaultLanguage);
  return isLocale(fallback) ? fallback : (offered[0] ?? DEFAULT_LOCALE);
}
