import { describe, expect, it } from 'vitest';
import {
  ownCredentialsFormSchema,
  passwordChangeFormSchema,
  registrationFormSchema,
} from './account-forms.ts';
import { fieldIssues } from './field-issues.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { currentPasswordSchema, passwordSchema } from './password.ts';

const messagesOf = (value: string) => {
  const result = passwordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('passwords', () => {
  it('VAL-04 accepts 12 characters with upper, lower, digit and special', () => {
    expect(passwordSchema.safeParse('Abcdefghij1!').success).toBe(true);
    expect(passwordSchema.safeParse('Éléphant rose 7?').success).toBe(true);
  });

  it('VAL-04 names each missing ingredient', () => {
    expect(messagesOf('Abcdefghi1!')).toEqual([VALIDATION_MESSAGES.minLength]);
    expect(messagesOf('abcdefghij1!')).toEqual([VALIDATION_MESSAGES.passwordUppercase]);
    expect(messagesOf('ABCDEFGHIJ1!')).toEqual([VALIDATION_MESSAGES.passwordLowercase]);
    expect(messagesOf('Abcdefghijk!')).toEqual([VALIDATION_MESSAGES.passwordDigit]);
    expect(messagesOf('Abcdefghijk1')).toEqual([VALIDATION_MESSAGES.passwordSpecial]);
    expect(messagesOf('Abcdefghij 1')).toEqual([VALIDATION_MESSAGES.passwordSpecial]);
    expect(messagesOf('')).toEqual([VALIDATION_MESSAGES.required]);
  });

  it('VAL-04 a current password is only required, so older passwords still sign in', () => {
    expect(currentPasswordSchema.safeParse('short').success).toBe(true);
    expect(currentPasswordSchema.safeParse('').success).toBe(false);
  });

  it('VAL-04 a new password equal to the current one, or not confirmed, is refused', () => {
    const same = {
      currentPassword: 'Abcdefghij1!',
      newPassword: 'Abcdefghij1!',
      newPasswordConfirmation: 'Abcdefghij1!',
    };
    const sameResult = passwordChangeFormSchema.safeParse(same);
    expect(sameResult.success).toBe(false);
    if (!sameResult.success) {
      expect(fieldIssues(sameResult.error, same)).toEqual([
        { path: 'newPassword', message: VALIDATION_MESSAGES.passwordSameAsCurrent },
      ]);
    }
    const unconfirmed = { ...same, newPassword: 'Zyxwvutsrq9?', newPasswordConfirmation: 'Zyxwvutsrq9!' };
    const unconfirmedResult = passwordChangeFormSchema.safeParse(unconfirmed);
    expect(unconfirmedResult.success).toBe(false);
    if (!unconfirmedResult.success) {
      expect(fieldIssues(unconfirmedResult.error, unconfirmed)).toEqual([
        { path: 'newPasswordConfirmation', message: VALIDATION_MESSAGES.passwordConfirmation },
      ]);
    }
    expect(
      passwordChangeFormSchema.safeParse({ ...unconfirmed, newPasswordConfirmation: 'Zyxwvutsrq9?' }).success,
    ).toBe(true);
  });

  it('AUTH-05 registration needs matching passwords, and the terms and privacy accepted', () => {
    const form = {
      lastName: 'Martin',
      firstName: 'Anne',
      email: 'anne@example.com',
      emailConfirmation: 'anne@example.com',
      password: 'Abcdefghij1!',
      passwordConfirmation: 'Abcdefghij1?',
      acceptedTerms: false,
      acceptedPrivacy: true,
    };
    const result = registrationFormSchema.safeParse(form);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldIssues(result.error, form)).toEqual([
      { path: 'acceptedTerms', message: VALIDATION_MESSAGES.termsRequired },
    ]);
    const withTerms = { ...form, acceptedTerms: true };
    const second = registrationFormSchema.safeParse(withTerms);
    expect(second.success).toBe(false);
    if (!second.success) {
      expect(fieldIssues(second.error, withTerms)).toEqual([
        { path: 'passwordConfirmation', message: VALIDATION_MESSAGES.passwordConfirmation },
      ]);
    }
    const withoutEmail = { ...withTerms, email: undefined, passwordConfirmation: form.password };
    const third = registrationFormSchema.safeParse(withoutEmail);
    expect(third.success).toBe(false);
    if (!third.success) {
      expect(fieldIssues(third.error, withoutEmail)).toEqual([
        { path: 'email', message: VALIDATION_MESSAGES.required },
      ]);
    }
  });

  it('IDP-03 the own credentials of an account leaving FranceConnect: an email, a password by the rules, confirmed', () => {
    const form = { email: 'lea@example.org', password: 'Abcdefghij1!', passwordConfirmation: 'Abcdefghij1?' };
    const unconfirmed = ownCredentialsFormSchema.safeParse(form);
    expect(unconfirmed.success).toBe(false);
    if (!unconfirmed.success) {
      expect(fieldIssues(unconfirmed.error, form)).toEqual([
        { path: 'passwordConfirmation', message: VALIDATION_MESSAGES.passwordConfirmation },
      ]);
    }
    const weak = { email: 'lea@', password: 'short', passwordConfirmation: 'short' };
    const weakResult = ownCredentialsFormSchema.safeParse(weak);
    expect(weakResult.success).toBe(false);
    if (!weakResult.success) {
      expect(new Set(fieldIssues(weakResult.error, weak).map((issue) => issue.path))).toEqual(
        new Set(['email', 'password']),
      );
    }
    expect(ownCredentialsFormSchema.safeParse({ ...form, passwordConfirmation: form.password }).success).toBe(
      true,
    );
  });
});
