// Amounts as the customer reads them: minor units shown in the checkout's locale and currency.
import type { Locale } from '../protocol/schemas.ts';

export function formatAmount(amount: number, currency: string, locale: Locale): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** Groups of four digits, as printed on a card. */
export const groupDigits = (digits: string) => digits.replace(/(.{4})(?=.)/g, '$1 ');
