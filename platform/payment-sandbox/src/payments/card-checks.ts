// Checks of what a customer types in the card form: Luhn, a future expiry, a 3 or 4 digit CVC.
import type { CardMethod } from '../store/sandbox-store.ts';

/** Digits only: spaces and dashes people type between groups are dropped. */
export const normaliseCardNumber = (input: string) => input.replace(/[\s-]/g, '');

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type Expiry = { month: number; year: number };

/** `MM/YY` (spaces allowed around the slash); null when it is not a month of a year. */
export function parseExpiry(input: string): Expiry | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid until the end of its expiry month (UTC). */
export const isExpired = (expiry: Expiry, now: Date) =>
  Date.UTC(expiry.year, expiry.month, 1) <= now.getTime();

export const isCvc = (input: string) => /^\d{3,4}$/.test(input.trim());

export function cardBrand(digits: string): CardMethod['brand'] {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}
