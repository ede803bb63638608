import { describe, expect, it } from 'vitest';
import { registrationFormSchema } from './account-forms.ts';
import { fieldIssues } from './field-issues.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { hasVowel, isSameName, nameSchema } from './name.ts';

const messagesOf = (value: unknown) => {
  const result = nameSchema.safeParse(value);
  return result.success ? [] : fieldIssues(result.error, value).map((issue) => issue.message);
};

describe('names', () => {
  it.each([
    'Jo',
    'Élodie',
    "N'Guessan",
    'Jean-Pierre',
    'Ÿves',
    'Lynn',
    'Œdipe',
    'De la Tour',
    'O’Neil',
    'محمد',
  ])('VAL-01 accepts %s', (name) => {
    expect(nameSchema.safeParse(name).success).toBe(true);
  });

  it('VAL-01 refuses a name shorter than 2 characters, saying the minimum', () => {
    const result = nameSchema.safeParse('A');
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldIssues(result.error, 'A')).toContainEqual({
      path: '',
      message: VALIDATION_MESSAGES.minLength,
      params: { minimum: 2 },
    });
  });

  it('VAL-01 refuses a name without a vowel, accented vowels counting as vowels', () => {
    expect(messagesOf('Brd')).toEqual([VALIDATION_MESSAGES.nameVowel]);
    expect(messagesOf('--')).toEqual([VALIDATION_MESSAGES.nameVowel]);
    expect(hasVowel('Brd')).toBe(false);
    expect(hasVowel('Brè')).toBe(true);
    expect(hasVowel('Bïl')).toBe(true);
  });

  it('VAL-01 refuses digits and special characters with their own messages', () => {
    expect(messagesOf('Anna2')).toEqual([VALIDATION_MESSAGES.nameDigit]);
    expect(messagesOf('Anna!')).toEqual([VALIDATION_MESSAGES.nameCharacters]);
    expect(messagesOf('Ann@')).toEqual([VALIDATION_MESSAGES.nameCharacters]);
  });

  it('VAL-01 requires the name, blank counting as missing', () => {
    expect(messagesOf(undefined)).toEqual([VALIDATION_MESSAGES.required]);
    expect(messagesOf('   ')).toEqual([VALIDATION_MESSAGES.required]);
    expect(messagesOf(12)).toEqual([VALIDATION_MESSAGES.invalid]);
  });

  it('VAL-01 trims the name it accepts', () => {
    expect(nameSchema.parse('  Anne  ')).toBe('Anne');
  });

  it('VAL-02 a last name equal to the first name, ignoring case and accents, is refused on the last name', () => {
    expect(isSameName('Élise', ' elise ')).toBe(true);
    expect(isSameName('Anne', 'Marie')).toBe(false);
    const form = {
      lastName: 'ELISE',
      firstName: 'Élise',
      email: 'elise@example.com',
      emailConfirmation: 'elise@example.com',
      password: 'Correct-Horse-9',
      passwordConfirmation: 'Correct-Horse-9',
      acceptedTerms: true,
      acceptedPrivacy: true,
    };
    const result = registrationFormSchema.safeParse(form);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldIssues(result.error, form)).toEqual([
      { path: 'lastName', message: VALIDATION_MESSAGES.lastNameSameAsFirstName },
    ]);
    expect(registrationFormSchema.safeParse({ ...form, lastName: 'Martin' }).success).toBe(true);
  });
});
