// /auth/finalize: what an incomplete account lacks, among first name, last name and email
// (ACC-01, ROUTE-10), saved with Account/update.json; then on to where the traveller was going.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { finalizeFormSchema } from '@transit-shop/sdk/validation/account-forms';
import { isAccountComplete } from '@transit-shop/sdk/validation/account-rules';
import { currentPasswordSchema } from '@transit-shop/sdk/validation/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate } from 'react-router';
import { z } from 'zod';
import { FailureAlert, FormSummary, FormTextField } from '../../../components/form-parts.tsx';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { currentUser, requireSignIn } from '../../../lib/session/guards.ts';
import { redirectTargetOf, useRedirectTarget } from '../../../lib/session/redirect-target.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { useCompleteAccount } from '../api/complete-account.ts';
import { AuthPage } from '../components/auth-page.tsx';

type Field = 'firstName' | 'lastName' | 'email' | 'password';

/** Account/update.json names the fields as the auth user does. */
const FIELD_NAMES = { userName: 'firstName', userLastname: 'lastName' } as const;
const FIELD_OF_CODE = {
  update_email_error_password: 'password',
  update_email_error_email_exists: 'email',
  EMAIL_IN_USE: 'email',
  SAME_EMAIL: 'email',
} as const;

/** Signed in, not a guest, and something missing; otherwise on to where the traveller was going. */
export async function loader(args: LoaderFunctionArgs) {
  const runtime = await requireSignIn(args);
  const user = await currentUser(runtime);
  if (user && (user.authAsGuest || isAccountComplete(user))) throw redirect(redirectTargetOf(args.request));
  return null;
}

function FinalizeForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const complete = useCompleteAccount();
  const form = useAuthForm<Field>(FIELD_NAMES);
  // An email is changed only with the account's password; a missing one is set the same way.
  const needsEmail = !user.userMail?.trim();
  const [values, setValues] = useState({
    firstName: user.userName ?? '',
    lastName: user.userLastname ?? '',
    email: user.userMail ?? '',
    password: '',
  });
  const set = (name: Field) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    form.changed(name, next);
  };
  const schema = needsEmail
    ? finalizeFormSchema.and(z.object({ password: currentPasswordSchema }))
    : finalizeFormSchema;

  const submit = async () => {
    const checked = form.check(schema, values);
    if (!checked.ok) return;
    try {
      await complete.mutateAsync({
        firstName: checked.data.firstName,
        lastName: checked.data.lastName,
        ...(needsEmail ? { email: { email: checked.data.email, password: values.password } } : {}),
      });
      navigate(target, { replace: true });
    } catch (error) {
      form.fail(error, FIELD_OF_CODE);
    }
  };

  const field = (name: Field, type: string, autoComplete: string, extra: { disabled?: boolean } = {}) => (
    <FormTextField
      name={name}
      type={type}
      autoComplete={autoComplete}
      label={t(`auth.fields.${name}`)}
      required
      value={values[name]}
      onChange={(event) => set(name)(event.target.value)}
      fieldError={form.errors[name]}
      {...extra}
    />
  );

  return (
    <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
      {field('firstName', 'text', 'given-name')}
      {field('lastName', 'text', 'family-name')}
      {field('email', 'email', 'email', { disabled: !needsEmail })}
      {needsEmail ? field('password', 'password', 'current-password') : null}
      <FormSummary summary={form.summary} />
      <FailureAlert failure={form.alertFailure} />
      <Button type="submit" variant="contained" fullWidth disabled={complete.isPending} sx={{ mt: 3 }}>
        {complete.isPending ? t('auth.finalize.pending') : t('auth.finalize.submit')}
      </Button>
    </Box>
  );
}

function Finalize() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <AuthPage title={t('auth.finalize.title')} intro={t('auth.finalize.intro')}>
      {user.data ? <FinalizeForm user={user.data} /> : null}
      {user.isError ? <FailureAlert failure={user.error} /> : null}
    </AuthPage>
  );
}

export function Component() {
  return (
    <WithSession>
      <Finalize />
    </WithSession>
  );
}
