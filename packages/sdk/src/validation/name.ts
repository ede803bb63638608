// Name rules (VAL-01, VAL-02): at least 2 characters, a vowel, only letters, spaces, hyphens and
// apostrophes, no digits; a last name that differs from the first name.
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from '../constants.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { filledString } from './required-string.ts';

const DIGIT = /\p{Nd}/u;
// Letters with their accents, spaces, hyphens and straight or typographic apostrophes.
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd} '’-]+$/u;
const LETTER = /\p{L}/u;
const LATIN_LETTER = /\p{Script=Latin}/u;
const LATIN_VOWEL = /[aeiouyæœø]/i;

/** Accents and case removed, spaces collapsed: "  Élise " and "elise" are the same name. */
export function normalizeName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Whether a name holds a vowel, accented or not (é, ï, ÿ, æ...). The rule is meant for names in
 * Latin letters; a name written only in a script whose vowels are not letters (Arabic, Hebrew,
 * CJK...) passes as long as it holds a letter.
 */
export function hasVowel(name: string): boolean {
  if (!LETTER.test(name)) return false;
  if (!LATIN_LETTER.test(name)) return true;
  return LATIN_VOWEL.test(normalizeName(name));
}

/** Only letters, spaces, hyphens and apostrophes (digits are reported by their own rule). */
export function hasOnlyNameCharacters(name: string): boolean {
  return NAME_CHARACTERS.test(name);
}

/** A first or last name, trimmed. */
export const nameSchema = filledString()
  .min(NAME_MIN_LENGTH, { error: VALIDATION_MESSAGES.minLength })
  .max(NAME_MAX_LENGTH, { error: VALIDATION_MESSAGES.maxLength })
  .refine((name) => !DIGIT.test(name), { error: VALIDATION_MESSAGES.nameDigit })
  .refine(hasOnlyNameCharacters, { error: VALIDATION_MESSAGES.nameCharacters })
  .refine(hasVowel, { error: VALIDATION_MESSAGES.nameVowel });

/** VAL-02: the same letters, ignoring case, accents and spacing, are the same name. */
export function isSameName(first: string, last: string): boolean {
  return normalizeName(first) === normalizeName(last);
}
