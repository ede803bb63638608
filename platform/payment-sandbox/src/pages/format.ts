// Amounts as the customer reads them: minor units shown in the checkout's locale and currency.
import type { Locale } from '../protocol/schemas.ts';

/** Formatters built once per locale and currency: building one costs far more than using it. */
const formats = new Map<string, { format: Intl.NumberFormat; digits: number }>();

function currencyFormat(currency: string, locale: Locale) {
  const key = `${locale}|${currency}`;
  let found = formats.get(key);
  if (!found) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    found = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    formats.set(key, found);
  }
  return found;
}

export function formatAmount(amount: number, currency: string, locale: Locale): string {
  const { format, digits } = currencyFormat(currency, locale);
  return format.format(amount / 10 ** digits);
}

/** Groups of four digits, as printed on a card. */
export const groupDigits = (digits: string) => digits.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Text of one direction inside a sentence of another (an IBAN or a Latin shop name in Arabic):
 * Unicode isolates keep it in one piece, in its own order, wherever the line wraps.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
