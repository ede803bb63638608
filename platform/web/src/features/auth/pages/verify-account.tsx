// /verify-account?code=: the emailed verification link (AUTH-11). An account already verified
// goes home (ROUTE-09), whether the session says so or the backend does.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { isAccountVerified } from '@transit-shop/sdk/validation/account-rules';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { localePath, paths, splitLocale } from '../../../config/paths.ts';
import { currentUser } from '../../../lib/session/guards.ts';
import { getSessionRuntime } from '../../../lib/session/session-runtime.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { verifyAccount } from '../api/verify-account.ts';
import { AuthPage } from '../components/auth-page.tsx';

type Outcome = { outcome: 'verified' } | { outcome: 'missingCode' } | { outcome: 'failed'; error: unknown };

export async function loader({ request }: LoaderFunctionArgs): Promise<Outcome> {
  const url = new URL(request.url);
  const home = localePath(splitLocale(url.pathname).locale, paths.home);
  const runtime = await getSessionRuntime();
  const user = await currentUser(runtime);
  if (user && !user.authAsGuest && isAccountVerified(user, runtime.network.authenticationProviders)) {
    throw redirect(home);
  }
  const code = url.searchParams.get('code');
  if (!code) return { outcome: 'missingCode' };
  try {
    await verifyAccount(runtime.client, code);
  } catch (error) {
    if (isAppError(error) && error.code === 'ALREADY_VERIFIED') throw redirect(home);
    return { outcome: 'failed', error };
  }
  // The signed-in user, if any, is verified now.
  await runtime.queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
  return { outcome: 'verified' };
}

/** The code is used once: coming back to the page (a language switch) must not send it again. */
export function shouldRevalidate() {
  return false;
}

function VerifyAccount() {
  const { t } = useTranslation();
  const result = useLoaderData<typeof loader>();
  if (result.outcome === 'verified') {
    return (
      <AuthPage title={t('auth.verify.title')}>
        <Alert severity="success">{t('auth.verify.done')}</Alert>
        <Button component={LocaleLink} to={paths.home} variant="contained" sx={{ mt: 3 }}>
          {t('auth.verify.continue')}
        </Button>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t('auth.verify.title')}>
      {result.outcome === 'missingCode' ? (
        <Alert severity="error">{t('auth.verify.missingCode')}</Alert>
      ) : (
        <FailureAlert failure={result.error} />
      )}
      <Button component={LocaleLink} to={paths.unverifiedAccount} variant="contained" sx={{ mt: 3 }}>
        {t('auth.verify.askAgain')}
      </Button>
    </AuthPage>
  );
}

export function Component() {
  return (
    <WithSession>
      <VerifyAccount />
    </WithSession>
  );
}
