// Which of a network's languages answers a request for a given language.
import type { Locale } from '@transit-shop/sdk/locales';
import type { Network } from '@transit-shop/tenancy';

/** The requested language when the network offers it, else the network's default language. */
export function offeredLocale(network: Network, requested: Locale | undefined): Locale {
  return requested !== undefined && network.config.languages.includes(requested)
    ? requested
    : network.config.defaultLanguage;
}
