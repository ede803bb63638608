// Prices of the catalogue (whole minor units of the network's currency) as the page's language
// writes them: 19,00 € in French, €19.00 in English, ١٩٫٠٠ د.م.‏ in Arabic.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats amounts in minor units of `currency` (Intl knows it has 2 for EUR, MAD, CHF, 0 for JPY). */
export function priceFormatter(currency: string, locale: string): (amount: number) => string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return (amount) => format.format(amount / 10 ** digits);
}

/** Formats amounts in minor units of `currency` in the page's language. */
export function useFormatPrice(currency: string): (amount: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => priceFormatter(currency, i18n.language), [currency, i18n.language]);
}
