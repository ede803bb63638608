// Prices of the catalogue (whole minor units of the network's currency) as the page's language
// writes them: 19,00 € in French, €19.00 in English, ١٩٫٠٠ د.م.‏ in Arabic.
import { useTranslation } from 'react-i18next';

const formatters = new Map<string, (amount: number) => string>();

/**
 * Formats amounts in minor units of `currency` (Intl knows it has 2 for EUR, MAD, CHF, 0 for JPY).
 * One formatter per currency and language, shared: making one costs a slow phone milliseconds, and
 * a shop page shows dozens of prices.
 */
export function priceFormatter(currency: string, locale: string): (amount: number) => string {
  const key = `${currency} ${locale}`;
  const known = formatters.get(key);
  if (known) return known;
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const formatter = (amount: number) => format.format(amount / 10 ** digits);
  formatters.set(key, formatter);
  return formatter;
}

/** Formats amounts in minor units of `currency` in the page's language. */
export function useFormatPrice(currency: string): (amount: number) => string {
  const { i18n } = useTranslation();
  return priceFormatter(currency, i18n.language);
}
