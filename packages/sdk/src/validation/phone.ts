// Phone rule (VAL-05): digits with the usual separators and an optional international prefix.
import { VALIDATION_MESSAGES } from './messages.ts';
import { requiredString } from './required-string.ts';

const PHONE_CHARACTERS = /^\+?[\d\s.()-]+$/;

/** 7 to 15 digits once an international prefix (+ or 00) is set aside: ITU E.164 allows 15. */
export function isPhoneNumber(text: string): boolean {
  const trimmed = text.trim();
  if (!PHONE_CHARACTERS.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '').replace(/^00/, '');
  return digits.length >= 7 && digits.length <= 15;
}

export const phoneSchema = requiredString()
  .trim()
  .refine(isPhoneNumber, { error: VALIDATION_MESSAGES.phone });
