// The account forms' rules as schemas, shared by the web forms and the server: sign-in, registration,
// finalize, traveller profile, email change, password change and the own credentials of an account
// leaving FranceConnect (VAL-01..04, AUTH-05, IDP-03).
import { z } from 'zod';
import { birthdaySchema } from './birthday.ts';
import { emailSchema, isSameEmail } from './email.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { isSameName, nameSchema } from './name.ts';
import { currentPasswordSchema, passwordSchema } from './password.ts';
import { requiredString } from './required-string.ts';

type Issues = { addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void };

/** VAL-02, for any pair of name fields. */
export function checkDistinctNames(
  first: string | undefined | null,
  last: string | undefined | null,
  ctx: Issues,
  lastPath: PropertyKey[],
): void {
  if (first && last && isSameName(first, last)) {
    ctx.addIssue({ code: 'custom', path: lastPath, message: VALIDATION_MESSAGES.lastNameSameAsFirstName });
  }
}

const accepted = (message: string) => z.literal(true, { error: message });

/** AUTH-01: an email and the password that proves it (only required: older passwords still sign in). */
export const signInFormSchema = z.object({ email: emailSchema, password: currentPasswordSchema });
export type SignInForm = z.infer<typeof signInFormSchema>;

/** AUTH-05: last name, first name, email and its confirmation, password and its confirmation, terms, privacy. */
export const registrationFormSchema = z
  .object({
    lastName: nameSchema,
    firstName: nameSchema,
    email: emailSchema,
    emailConfirmation: requiredString(),
    password: passwordSchema,
    passwordConfirmation: requiredString(),
    acceptedTerms: accepted(VALIDATION_MESSAGES.termsRequired),
    acceptedPrivacy: accepted(VALIDATION_MESSAGES.privacyRequired),
  })
  .superRefine((form, ctx) => {
    checkDistinctNames(form.firstName, form.lastName, ctx, ['lastName']);
    if (!isSameEmail(form.email, form.emailConfirmation)) {
      ctx.addIssue({
        code: 'custom',
        path: ['emailConfirmation'],
        message: VALIDATION_MESSAGES.emailConfirmation,
      });
    }
    if (form.password !== form.passwordConfirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['passwordConfirmation'],
        message: VALIDATION_MESSAGES.passwordConfirmation,
      });
    }
  });
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/** auth/finalize: what an incomplete account lacks (ACC-01). */
export const finalizeFormSchema = z
  .object({ firstName: nameSchema, lastName: nameSchema, email: emailSchema })
  .superRefine((form, ctx) => checkDistinctNames(form.firstName, form.lastName, ctx, ['lastName']));
export type FinalizeForm = z.infer<typeof finalizeFormSchema>;

/** A traveller profile, added or edited (ACC-05). */
export const travellerProfileFormSchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    birthday: birthdaySchema.nullable(),
    cardNumber: z.string().trim().max(32).nullable(),
  })
  .superRefine((form, ctx) => checkDistinctNames(form.firstName, form.lastName, ctx, ['lastName']));
export type TravellerProfileForm = z.infer<typeof travellerProfileFormSchema>;

/** VAL-03: a new email, confirmed, different from the current one, with the password to prove it. */
export function emailChangeFormSchema(currentEmail: string | null | undefined) {
  return z
    .object({ email: emailSchema, emailConfirmation: requiredString(), password: currentPasswordSchema })
    .superRefine((form, ctx) => {
      if (currentEmail && isSameEmail(form.email, currentEmail)) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: VALIDATION_MESSAGES.emailSameAsCurrent });
      }
      if (!isSameEmail(form.email, form.emailConfirmation)) {
        ctx.addIssue({
          code: 'custom',
          path: ['emailConfirmation'],
          message: VALIDATION_MESSAGES.emailConfirmation,
        });
      }
    });
}
export type EmailChangeForm = z.infer<ReturnType<typeof emailChangeFormSchema>>;

/** VAL-04: the current password, a new one that follows the rules, differs, and is confirmed. */
export const passwordChangeFormSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: passwordSchema,
    newPasswordConfirmation: requiredString(),
  })
  .superRefine((form, ctx) => {
    if (form.newPassword === form.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: VALIDATION_MESSAGES.passwordSameAsCurrent,
      });
    }
    if (form.newPassword !== form.newPasswordConfirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPasswordConfirmation'],
        message: VALIDATION_MESSAGES.passwordConfirmation,
      });
    }
  });
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;

/** IDP-03: the email and password an account creates for itself before unlinking its FranceConnect identity. */
export const ownCredentialsFormSchema = z
  .object({ email: emailSchema, password: passwordSchema, passwordConfirmation: requiredString() })
  .superRefine((form, ctx) => {
    if (form.password !== form.passwordConfirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['passwordConfirmation'],
        message: VALIDATION_MESSAGES.passwordConfirmation,
      });
    }
  });
export type OwnCredentialsForm = z.infer<typeof ownCredentialsFormSchema>;
