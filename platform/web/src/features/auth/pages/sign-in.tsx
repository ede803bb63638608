// /auth and /auth/login: sign in by email and password (AUTH-01), choose a profile when the login
// answers several (AUTH-03), or go on to a third-party provider or, where the network has
// has_media_signin, to the card sign-in; then back where the traveller was going (`?redirect=`).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import { Trans, useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useNavigate } from 'react-router';
import { FailureAlert, FormSummary } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { onSubmit } from '../../../lib/forms/use-auth-form.ts';
import { redirectQuery, redirectTargetOf, useRedirectTarget } from '../../../lib/session/redirect-target.ts';
import { getSessionRuntime } from '../../../lib/session/session-runtime.ts';
import { useApplySavedAppearance } from '../../../lib/session/use-apply-saved-appearance.ts';
import { useSession, WithSession } from '../../../lib/session/use-session.tsx';
import { AuthPage } from '../components/auth-page.tsx';
import { ProfileChoice } from '../components/profile-choice.tsx';
import { ProviderButtons } from '../components/provider-buttons.tsx';
import { SignInFields, useSignInForm } from '../components/sign-in-fields.tsx';

/** Signed in already: on to where the traveller was going. */
export async function loader({ request }: LoaderFunctionArgs) {
  const runtime = await getSessionRuntime();
  if (sessionStatusOf(runtime.actor.getSnapshot()) === 'loggedIn') throw redirect(redirectTargetOf(request));
  return null;
}

function SignIn() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const signIn = useSignInForm();
  const { form } = signIn;
  const { network } = useBootstrap();

  const applySavedAppearance = useApplySavedAppearance();

  const finish = (after: Awaited<ReturnType<typeof session.run>>) => {
    const status = sessionStatusOf(after);
    if (status === 'loggedIn') {
      if (after.context.user) applySavedAppearance(after.context.user.userId);
      navigate(target, { replace: true });
    } else if (after.context.error) form.fail(after.context.error);
  };

  const submit = async () => {
    const checked = signIn.check();
    if (!checked.ok) return;
    finish(await session.run({ type: 'SIGN_IN', ...checked.data }));
  };

  if (session.profiles) {
    return (
      <AuthPage title={t('auth.profiles.title')}>
        <ProfileChoice
          profiles={session.profiles}
          pending={session.busy}
          onChoose={async (userId) => {
            finish(await session.run({ type: 'CHOOSE_PROFILE', userId }));
          }}
          onCancel={() => session.send({ type: 'CANCEL' })}
        />
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('auth.signIn.title')}>
      {session.status === 'expired' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('auth.signIn.expired')}
        </Alert>
      ) : null}
      <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
        <SignInFields signIn={signIn} />
        <Link component={LocaleLink} to={paths.authReset} sx={{ display: 'inline-block', mt: 1 }}>
          {t('auth.signIn.forgotPassword')}
        </Link>
        <FormSummary summary={form.summary} />
        <FailureAlert failure={form.alertFailure} />
        <Button type="submit" variant="contained" fullWidth disabled={session.busy} sx={{ mt: 3 }}>
          {session.busy ? t('auth.signIn.pending') : t('auth.signIn.submit')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        <Trans
          i18nKey="auth.signIn.terms"
          components={{
            legal: <Link component={LocaleLink} to={paths.termsOfUse} target="_blank" rel="noopener" />,
          }}
        />
      </Typography>
      <Typography sx={{ mt: 3 }}>
        {t('auth.signIn.noAccount')}{' '}
        <Link component={LocaleLink} to={`${paths.authRegister}${redirectQuery(target)}`}>
          {t('auth.signIn.register')}
        </Link>
      </Typography>
      {network.configuration.has_media_signin ? (
        <Typography sx={{ mt: 2 }}>
          <Link component={LocaleLink} to={`${paths.authMedia}${redirectQuery(target)}`}>
            {t('auth.signIn.withCard')}
          </Link>
        </Typography>
      ) : null}
      <ProviderButtons />
    </AuthPage>
  );
}

export function Component() {
  return (
    <WithSession>
      <SignIn />
    </WithSession>
  );
}
