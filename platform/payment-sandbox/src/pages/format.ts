// Amounts as the customer reads them: minor units shown in the checkout's locale and currency.
import type { Locale } from '../protocol/schemas.ts';

export function formatAmount(amount: number, currency: string, locale: Locale): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
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
