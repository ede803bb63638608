// The fields of a new email-and-password sign-in: the email, a password following the rules (VAL-04)
// and its confirmation; asked before unlinking FranceConnect (IDP-03) and for a traveller who signs
// in by themselves (decision 0044).
import type { OwnCredentialsForm } from '@transit-shop/sdk/validation/account-forms';
import type { FieldError } from '../lib/forms/use-auth-form.ts';
import { FormTextField } from './form-parts.tsx';

export type NewCredentialsField = keyof OwnCredentialsForm;

export const EMPTY_CREDENTIALS: OwnCredentialsForm = { email: '', password: '', passwordConfirmation: '' };

export function NewCredentialsFields({
  values,
  onChange,
  errors,
  labels,
  passwordHint,
  ownEmail = true,
}: {
  values: OwnCredentialsForm;
  onChange: (next: OwnCredentialsForm, changed: NewCredentialsField) => void;
  errors: Partial<Record<NewCredentialsField, FieldError>>;
  labels: Record<NewCredentialsField, string>;
  passwordHint: string;
  /** False when the email is someone else's, so the browser does not offer the signed-in one. */
  ownEmail?: boolean;
}) {
  const field = (
    name: NewCredentialsField,
    type: 'email' | 'password',
    autoComplete: string,
    hint?: string,
  ) => (
    <FormTextField
      name={name}
      type={type}
      label={labels[name]}
      autoComplete={autoComplete}
      required
      value={values[name]}
      onChange={(event) => onChange({ ...values, [name]: event.target.value }, name)}
      fieldError={errors[name]}
      {...(hint ? { hint } : {})}
    />
  );
  return (
    <>
      {field('email', 'email', ownEmail ? 'email' : 'off')}
      {field('password', 'password', 'new-password', passwordHint)}
      {field('passwordConfirmation', 'password', 'new-password')}
    </>
  );
}
