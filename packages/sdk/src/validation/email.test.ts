import { describe, expect, it } from 'vitest';
import { emailChangeFormSchema } from './account-forms.ts';
import { emailSchema, isSameEmail } from './email.ts';
import { fieldIssues } from './field-issues.ts';
import { VALIDATION_MESSAGES, VALIDATION_SPEC_TEXTS } from './messages.ts';

describe('emails', () => {
  it('VAL-03 accepts an address with an at sign and refuses one without', () => {
    expect(emailSchema.safeParse('anne@example.com').success).toBe(true);
    expect(emailSchema.safeParse(' anne@example.fr ').data).toBe('anne@example.fr');
    for (const bad of ['anne.example.com', 'anne@', '@example.com', 'an ne@example.com', 'a@b@c']) {
      const result = emailSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      if (!result.success) expect(result.error.issues[0]?.message).toBe(VALIDATION_MESSAGES.email);
    }
  });

  it("VAL-03 a confirmation that differs is refused with the spec's message", () => {
    const form = { email: 'new@example.com', emailConfirmation: 'neu@example.com', password: 'x' };
    const result = emailChangeFormSchema('old@example.com').safeParse(form);
    expect(result.success).toBe(false);
    if (result.success) return;
    const [issue] = fieldIssues(result.error, form);
    expect(issue).toEqual({ path: 'emailConfirmation', message: VALIDATION_MESSAGES.emailConfirmation });
    expect(VALIDATION_SPEC_TEXTS[VALIDATION_MESSAGES.emailConfirmation]).toBe(
      'Les emails ne sont pas identiques',
    );
  });

  it('VAL-03 a new email equal to the current one, in any letter case, is refused', () => {
    const form = { email: 'Old@Example.com', emailConfirmation: 'old@example.com', password: 'x' };
    const result = emailChangeFormSchema('old@example.com').safeParse(form);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldIssues(result.error, form)).toEqual([
      { path: 'email', message: VALIDATION_MESSAGES.emailSameAsCurrent },
    ]);
    expect(
      emailChangeFormSchema('old@example.com').safeParse({
        ...form,
        email: 'new@example.com',
        emailConfirmation: 'NEW@example.com',
      }).success,
    ).toBe(true);
    expect(isSameEmail(' A@b.c', 'a@B.c ')).toBe(true);
  });
});
