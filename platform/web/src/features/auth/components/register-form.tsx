// The registration form (spec 01 §2 "Register"): last name, first name, email and its
// confirmation, password and its confirmation, terms and privacy (AUTH-05), checked with the sdk's
// registration rules; the new account is signed in, then the page says what comes next. The
// "I already have a card" variant shows the card above it (/auth/media/register).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type Registration, sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { PASSWORD_MIN_LENGTH } from '@transit-shop/sdk/constants';
import { registrationFormSchema } from '@transit-shop/sdk/validation/account-forms';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FailureAlert, FormCheckbox, FormSummary, FormTextField } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { redirectQuery, useRedirectTarget } from '../../../lib/session/redirect-target.ts';
import { useSession } from '../../../lib/session/use-session.tsx';

type Field =
  | 'lastName'
  | 'firstName'
  | 'email'
  | 'emailConfirmation'
  | 'password'
  | 'passwordConfirmation'
  | 'acceptedTerms'
  | 'acceptedPrivacy';

const TEXT_FIELDS = [
  { name: 'lastName', type: 'text', autoComplete: 'family-name' },
  { name: 'firstName', type: 'text', autoComplete: 'given-name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'emailConfirmation', type: 'email', autoComplete: 'email' },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
  { name: 'passwordConfirmation', type: 'password', autoComplete: 'new-password' },
] as const;

/** Codes the server answers about one field: said beside that field. */
const FIELD_OF_CODE = { EMAIL_IN_USE: 'email', PASSWORD_TOO_WEAK: 'password' } as const;

/**
 * The registration form; once the account is made and signed in, `onSignedIn` takes over (the
 * page's next step). `before` shows above the fields (the card of a card sign-in).
 */
export function RegisterForm({
  before,
  onSignedIn,
}: {
  before?: ReactNode;
  onSignedIn: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const target = useRedirectTarget();
  const form = useAuthForm<Field>();
  const [values, setValues] = useState({
    lastName: '',
    firstName: '',
    email: '',
    emailConfirmation: '',
    password: '',
    passwordConfirmation: '',
    acceptedTerms: false,
    acceptedPrivacy: false,
  });
  const set = (name: Field) => (value: string | boolean) => {
    const next = { ...values, [name]: value };
    setValues(next);
    form.changed(name, next);
  };

  const submit = async () => {
    const checked = form.check(registrationFormSchema, values);
    if (!checked.ok) return;
    const { lastName, firstName, email, password } = checked.data;
    const registration: Registration = {
      lastName,
      firstName,
      email,
      password,
      acceptedTerms: true,
      acceptedPrivacy: true,
    };
    const after = await session.run({ type: 'REGISTER', registration });
    if (sessionStatusOf(after) === 'loggedIn') {
      await onSignedIn();
    } else if (after.context.error) {
      form.fail(after.context.error, FIELD_OF_CODE);
    }
  };

  return (
    <>
      {before}
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
        {TEXT_FIELDS.map((field) => (
          <FormTextField
            key={field.name}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            label={t(`auth.fields.${field.name}`)}
            required
            value={values[field.name]}
            onChange={(event) => set(field.name)(event.target.value)}
            fieldError={form.errors[field.name]}
            {...(field.name === 'password'
              ? { hint: t('auth.register.passwordRules', { minimum: PASSWORD_MIN_LENGTH }) }
              : {})}
          />
        ))}
        <FormCheckbox
          name="acceptedTerms"
          checked={values.acceptedTerms}
          onChange={set('acceptedTerms')}
          fieldError={form.errors.acceptedTerms}
          label={
            <Trans
              i18nKey="auth.register.acceptTerms"
              components={{
                legal: <Link component={LocaleLink} to={paths.termsOfUse} target="_blank" rel="noopener" />,
              }}
            />
          }
        />
        <FormCheckbox
          name="acceptedPrivacy"
          checked={values.acceptedPrivacy}
          onChange={set('acceptedPrivacy')}
          fieldError={form.errors.acceptedPrivacy}
          label={
            <Trans
              i18nKey="auth.register.acceptPrivacy"
              components={{
                legal: (
                  <Link component={LocaleLink} to={paths.privacyPolicy} target="_blank" rel="noopener" />
                ),
              }}
            />
          }
        />
        <FormSummary summary={form.summary} />
        <FailureAlert failure={form.alertFailure} />
        <Button type="submit" variant="contained" fullWidth disabled={session.busy} sx={{ mt: 3 }}>
          {session.busy ? t('auth.register.pending') : t('auth.register.submit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3 }}>
        {t('auth.register.haveAccount')}{' '}
        <Link component={LocaleLink} to={`${paths.auth}${redirectQuery(target)}`}>
          {t('auth.register.signIn')}
        </Link>
      </Typography>
    </>
  );
}
