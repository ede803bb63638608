// The sign-in email change (ACC-03, VAL-03): the new email, its confirmation and the current
// password; a wrong password, an email of another account and any other failure each say their
// own message. FranceConnect keeps the email of an account linked to it (IDP-01); in a session a
// provider opened, a sign-in by email and password comes first (IDP-02).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { emailChangeFormSchema } from '@transit-shop/sdk/validation/account-forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSummary, FormTextField } from '../../../components/form-parts.tsx';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { AccountSection, SavedStatus, UpdateFailure } from './account-section.tsx';
import { PasswordSignInNotice } from './password-sign-in-notice.tsx';

type Field = 'email' | 'emailConfirmation' | 'password';

const EMPTY: Record<Field, string> = { email: '', emailConfirmation: '', password: '' };

/** ACC-03: the wrong password and the taken email are said beside their field; the rest above. */
const FIELD_OF_CODE = {
  update_email_error_password: 'password',
  update_email_error_email_exists: 'email',
  EMAIL_IN_USE: 'email',
  SAME_EMAIL: 'email',
} as const;

export function EmailSection({
  user,
  fromFranceConnect,
  providerSignIn,
}: {
  user: AuthUser;
  /** IDP-01: the account is linked to FranceConnect, which keeps its email. */
  fromFranceConnect: boolean;
  /** IDP-02: the provider the session was opened with, by name; null after a password sign-in. */
  providerSignIn: string | null;
}) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const form = useAuthForm<Field>();
  const [values, setValues] = useState(EMPTY);
  const [saved, setSaved] = useState<string | null>(null);

  const submit = async () => {
    setSaved(null);
    const checked = form.check(emailChangeFormSchema(user.userMail), values);
    if (!checked.ok) return;
    try {
      const next = await update.mutateAsync({ email: checked.data.email, password: checked.data.password });
      setValues(EMPTY);
      setSaved(t('account.email.saved', { email: next.userMail ?? checked.data.email }));
    } catch (error) {
      form.fail(error, FIELD_OF_CODE);
    }
  };

  const field = (name: Field, type: string, autoComplete: string) => (
    <FormTextField
      name={name}
      type={type}
      autoComplete={autoComplete}
      label={t(`account.fields.${name === 'email' ? 'newEmail' : name}`)}
      required
      value={values[name]}
      onChange={(event) => {
        setSaved(null);
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        form.changed(name, next);
      }}
      fieldError={form.errors[name]}
    />
  );

  // A refusal the server said about one field is said there only, not again above the form.
  const besideField = isAppError(form.failure) && Object.hasOwn(FIELD_OF_CODE, form.failure.code);

  return (
    <AccountSection id="email" title={t('account.email.title')}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('account.email.current', { email: user.userMail ?? '' })}
      </Typography>
      {fromFranceConnect ? (
        <Alert severity="info" role="none">
          {t('account.email.fromFranceConnect')}
        </Alert>
      ) : providerSignIn !== null ? (
        <PasswordSignInNotice provider={providerSignIn} />
      ) : (
        <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
          {field('email', 'email', 'email')}
          {field('emailConfirmation', 'email', 'email')}
          {field('password', 'password', 'current-password')}
          <FormSummary summary={besideField ? undefined : form.summary} />
          <UpdateFailure change="email" failure={besideField ? null : form.failure} />
          <SavedStatus message={saved} />
          <Button type="submit" variant="contained" disabled={update.isPending} sx={{ mt: 2 }}>
            {update.isPending ? t('account.saving') : t('account.email.submit')}
          </Button>
        </Box>
      )}
    </AccountSection>
  );
}
