// The email and password of a sign-in (AUTH-01), with their state and rules: the sign-in page's form,
// and the password that links a provider's identity to the account that has its email (AUTH-09).
import { type SignInForm, signInFormSchema } from '@transit-shop/sdk/validation/account-forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-parts.tsx';
import { useAuthForm } from '../../../lib/forms/use-auth-form.ts';

export function useSignInForm(initialEmail = '') {
  const form = useAuthForm<keyof SignInForm>();
  const [values, setValues] = useState<SignInForm>({ email: initialEmail, password: '' });
  return {
    form,
    values,
    setValues,
    /** The values by the sign-in's rules; on problems they are shown and the first field focused. */
    check: () => form.check(signInFormSchema, values),
  };
}

export type SignInFormState = ReturnType<typeof useSignInForm>;

export function SignInFields({ signIn }: { signIn: SignInFormState }) {
  const { t } = useTranslation();
  const { form, values, setValues } = signIn;
  const change = (field: keyof SignInForm, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    form.changed(field, next);
  };
  return (
    <>
      <FormTextField
        name="email"
        type="email"
        label={t('auth.fields.email')}
        autoComplete="email"
        required
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        fieldError={form.errors.email}
      />
      <FormTextField
        name="password"
        type="password"
        label={t('auth.fields.password')}
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        fieldError={form.errors.password}
      />
    </>
  );
}
