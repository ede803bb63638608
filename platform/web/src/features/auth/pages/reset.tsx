// /auth/reset: the forgotten password (AUTH-06). Without a code, the email to send instructions
// to; with the code of the emailed link (`?code=`), the new password (Actions/useCode).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { PASSWORD_MIN_LENGTH } from '@transit-shop/sdk/constants';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { emailSchema } from '@transit-shop/sdk/validation/email';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { passwordSchema } from '@transit-shop/sdk/validation/password';
import { requiredString } from '@transit-shop/sdk/validation/required-string';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { FailureAlert, FormSummary, FormTextField } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { getSessionRuntime } from '../../../lib/session/session-runtime.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useChangePasswordWithCode } from '../api/change-password-with-code.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthPage } from '../components/auth-page.tsx';

const resetRequestSchema = z.object({ email: emailSchema });

const newPasswordSchema = z
  .object({ newPassword: passwordSchema, newPasswordConfirmation: requiredString() })
  .superRefine((form, ctx) => {
    if (form.newPassword !== form.newPasswordConfirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPasswordConfirmation'],
        message: VALIDATION_MESSAGES.passwordConfirmation,
      });
    }
  });

/** Anyone may ask: the page only needs the session's client ready. */
export async function loader() {
  await getSessionRuntime();
  return null;
}

function ResetRequest() {
  const { t } = useTranslation();
  const locale = useLocale();
  const reset = useResetPassword();
  const form = useAuthForm<'email'>();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async () => {
    const checked = form.check(resetRequestSchema, { email });
    if (!checked.ok) return;
    try {
      await reset.mutateAsync({ email: checked.data.email, locale });
      setSentTo(checked.data.email);
    } catch (error) {
      form.fail(error, { USER_NOT_FOUND: 'email' });
    }
  };

  if (sentTo) {
    return (
      <AuthPage title={t('auth.reset.title')}>
        <Alert severity="success">{t('auth.reset.sent', { email: sentTo })}</Alert>
        <Link component={LocaleLink} to={paths.auth} sx={{ display: 'inline-block', mt: 3 }}>
          {t('auth.reset.backToSignIn')}
        </Link>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('auth.reset.title')} intro={t('auth.reset.intro')}>
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
        <FormTextField
          name="email"
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            form.changed('email', { email: event.target.value });
          }}
          fieldError={form.errors.email}
        />
        <FormSummary summary={form.summary} />
        <FailureAlert failure={form.alertFailure} />
        <Button type="submit" variant="contained" fullWidth disabled={reset.isPending} sx={{ mt: 3 }}>
          {reset.isPending ? t('auth.reset.pending') : t('auth.reset.submit')}
        </Button>
      </Box>
      <Link component={LocaleLink} to={paths.auth} sx={{ display: 'inline-block', mt: 3 }}>
        {t('auth.reset.backToSignIn')}
      </Link>
    </AuthPage>
  );
}

const CODE_PROBLEMS = new Set(['ACTION_CODE_INVALID', 'ACTION_CODE_EXPIRED', 'TOKEN_INVALID']);

function NewPassword({ code }: { code: string }) {
  const { t } = useTranslation();
  const change = useChangePasswordWithCode();
  const form = useAuthForm<'newPassword' | 'newPasswordConfirmation'>();
  const [values, setValues] = useState({ newPassword: '', newPasswordConfirmation: '' });
  const [done, setDone] = useState(false);
  const set = (name: 'newPassword' | 'newPasswordConfirmation') => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    form.changed(name, next);
  };

  const submit = async () => {
    const checked = form.check(newPasswordSchema, values);
    if (!checked.ok) return;
    try {
      await change.mutateAsync({ code, newPassword: checked.data.newPassword });
      setDone(true);
    } catch (error) {
      form.fail(error, { PASSWORD_TOO_WEAK: 'newPassword', SAME_PASSWORD: 'newPassword' });
    }
  };

  if (done) {
    return (
      <AuthPage title={t('auth.newPassword.title')}>
        <Alert severity="success">{t('auth.newPassword.done')}</Alert>
        <Button component={LocaleLink} to={paths.auth} variant="contained" sx={{ mt: 3 }}>
          {t('auth.newPassword.signIn')}
        </Button>
      </AuthPage>
    );
  }

  const codeProblem = isAppError(form.failure) && CODE_PROBLEMS.has(form.failure.code);
  return (
    <AuthPage title={t('auth.newPassword.title')}>
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
        <FormTextField
          name="newPassword"
          type="password"
          label={t('auth.fields.newPassword')}
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={(event) => set('newPassword')(event.target.value)}
          fieldError={form.errors.newPassword}
          hint={t('auth.register.passwordRules', { minimum: PASSWORD_MIN_LENGTH })}
        />
        <FormTextField
          name="newPasswordConfirmation"
          type="password"
          label={t('auth.fields.newPasswordConfirmation')}
          autoComplete="new-password"
          required
          value={values.newPasswordConfirmation}
          onChange={(event) => set('newPasswordConfirmation')(event.target.value)}
          fieldError={form.errors.newPasswordConfirmation}
        />
        <FormSummary summary={form.summary} />
        <FailureAlert failure={form.alertFailure} />
        {codeProblem ? (
          <Link component={LocaleLink} to={paths.authReset} sx={{ display: 'inline-block', mt: 2 }}>
            {t('auth.newPassword.askAgain')}
          </Link>
        ) : null}
        <Button type="submit" variant="contained" fullWidth disabled={change.isPending} sx={{ mt: 3 }}>
          {change.isPending ? t('auth.newPassword.pending') : t('auth.newPassword.submit')}
        </Button>
      </Box>
    </AuthPage>
  );
}

function Reset() {
  const [params] = useSearchParams();
  const code = params.get('code');
  // A new code (another emailed link) starts the form afresh.
  return code ? <NewPassword key={code} code={code} /> : <ResetRequest />;
}

export function Component() {
  return (
    <WithSession>
      <Reset />
    </WithSession>
  );
}
