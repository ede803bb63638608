// /auth/register: last name, first name, email and its confirmation, password and its
// confirmation, terms and privacy (AUTH-05), checked with the sdk's registration rules; the new
// account is signed in and asked to confirm its email (AUTH-11).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type Registration, sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { PASSWORD_MIN_LENGTH } from '@transit-shop/sdk/constants';
import { registrationFormSchema } from '@transit-shop/sdk/validation/account-forms';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate } from 'react-router';
import { FailureAlert, FormCheckbox, FormSummary, FormTextField } from '../../../components/form-parts.tsx';
import { LocaleLink, useLocalePath } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { redirectQuery, redirectTargetOf, useRedirectTarget } from '../../../lib/session/redirect-target.ts';
import { getSessionRuntime } from '../../../lib/session/session-runtime.ts';
import { useSession, WithSession } from '../../../lib/session/use-session.tsx';
import { AuthPage } from '../components/auth-page.tsx';

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

export async function loader({ request }: LoaderFunctionArgs) {
  const runtime = await getSessionRuntime();
  if (sessionStatusOf(runtime.actor.getSnapshot()) === 'loggedIn') throw redirect(redirectTargetOf(request));
  return null;
}

function Register() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const toPath = useLocalePath();
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
      // AUTH-11: the new account is unverified until the emailed link is used.
      navigate(`${toPath(paths.unverifiedAccount)}${redirectQuery(target)}`, { replace: true });
    } else if (after.context.error) {
      form.fail(after.context.error, FIELD_OF_CODE);
    }
  };

  return (
    <AuthPage title={t('auth.register.title')}>
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
    </AuthPage>
  );
}

export function Component() {
  return (
    <WithSession>
      <Register />
    </WithSession>
  );
}
