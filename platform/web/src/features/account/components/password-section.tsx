// The password change (VAL-04): the current password, a new one following the rules and differing
// from it, and its confirmation; saved with Account/update.json. In a session a provider opened
// (Keycloak or FranceConnect), a sign-in by email and password comes first (IDP-02).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PASSWORD_MIN_LENGTH } from '@transit-shop/sdk/constants';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { passwordChangeFormSchema } from '@transit-shop/sdk/validation/account-forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSummary, FormTextField } from '../../../components/form-parts.tsx';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { AccountSection, SavedStatus, UpdateFailure } from './account-section.tsx';
import { PasswordSignInNotice } from './password-sign-in-notice.tsx';

type Field = 'currentPassword' | 'newPassword' | 'newPasswordConfirmation';

const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', newPasswordConfirmation: '' };

/** The server's answers that belong to one field. */
const FIELD_OF_CODE = {
  WRONG_PASSWORD: 'currentPassword',
  SAME_PASSWORD: 'newPassword',
  PASSWORD_TOO_WEAK: 'newPassword',
} as const;

/** providerSignIn: the provider the session was opened with, by name; null after a password sign-in. */
export function PasswordSection({ providerSignIn }: { providerSignIn: string | null }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const form = useAuthForm<Field>();
  const [values, setValues] = useState(EMPTY);
  const [saved, setSaved] = useState<string | null>(null);

  const submit = async () => {
    setSaved(null);
    const checked = form.check(passwordChangeFormSchema, values);
    if (!checked.ok) return;
    try {
      await update.mutateAsync({
        currentPassword: checked.data.currentPassword,
        newPassword: checked.data.newPassword,
      });
      setValues(EMPTY);
      setSaved(t('account.password.saved'));
    } catch (error) {
      form.fail(error, FIELD_OF_CODE);
    }
  };

  const field = (name: Field, autoComplete: string, hint?: string) => (
    <FormTextField
      name={name}
      type="password"
      autoComplete={autoComplete}
      label={t(`account.fields.${name}`)}
      required
      value={values[name]}
      onChange={(event) => {
        setSaved(null);
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        form.changed(name, next);
      }}
      fieldError={form.errors[name]}
      {...(hint ? { hint } : {})}
    />
  );

  // A refusal the server said about one field is said there only, not again above the form.
  const besideField = isAppError(form.failure) && Object.hasOwn(FIELD_OF_CODE, form.failure.code);

  return (
    <AccountSection id="password" title={t('account.password.title')}>
      {providerSignIn !== null ? (
        <PasswordSignInNotice provider={providerSignIn} />
      ) : (
        <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
          {field('currentPassword', 'current-password')}
          {field(
            'newPassword',
            'new-password',
            t('account.password.rules', { minimum: PASSWORD_MIN_LENGTH }),
          )}
          {field('newPasswordConfirmation', 'new-password')}
          <FormSummary summary={besideField ? undefined : form.summary} />
          <UpdateFailure change="password" failure={besideField ? null : form.failure} />
          <SavedStatus message={saved} />
          <Button type="submit" variant="contained" disabled={update.isPending} sx={{ mt: 2 }}>
            {update.isPending ? t('account.saving') : t('account.password.submit')}
          </Button>
        </Box>
      )}
    </AccountSection>
  );
}
