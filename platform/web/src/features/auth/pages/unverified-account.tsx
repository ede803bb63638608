// /unverified-account: why purchase is blocked (CHK-04: the email is not confirmed yet) and a
// button to send the link again, which honours the wait the backend answers (AUTH-11).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { isAccountVerified } from '@transit-shop/sdk/validation/account-rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { RouterLink } from '../../../components/router-link.tsx';
import { useFormatTime } from '../../../lib/forms/use-error-text.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { requireCompleteAccount, requireSignIn } from '../../../lib/session/guards.ts';
import { redirectTargetOf, useRedirectTarget } from '../../../lib/session/redirect-target.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { useSendVerificationEmail } from '../api/send-verification-email.ts';
import { AuthPage } from '../components/auth-page.tsx';

/** Signed in, complete, and not verified yet; a verified account goes on (nothing to do here). */
export async function loader(args: LoaderFunctionArgs) {
  const runtime = await requireSignIn(args);
  const user = await requireCompleteAccount(args);
  if (user && isAccountVerified(user, runtime.network.authenticationProviders)) {
    throw redirect(redirectTargetOf(args.request));
  }
  return null;
}

/** Whether the button waits, and until when; it comes back by itself at that time. */
function useWaitUntil() {
  const [until, setUntil] = useState<Date | null>(null);
  useEffect(() => {
    if (!until) return;
    const left = until.getTime() - Date.now();
    if (left <= 0) {
      setUntil(null);
      return;
    }
    const timer = setTimeout(() => setUntil(null), left);
    return () => clearTimeout(timer);
  }, [until]);
  return [until, setUntil] as const;
}

function UnverifiedAccount() {
  const { t } = useTranslation();
  const user = useUser();
  const queryClient = useQueryClient();
  const send = useSendVerificationEmail();
  const formatTime = useFormatTime();
  const target = useRedirectTarget();
  const [waitUntil, setWaitUntil] = useWaitUntil();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const email = user.data?.userMail ?? '';
  const alreadyVerified = isAppError(failure) && failure.code === 'ALREADY_VERIFIED';

  const resend = async () => {
    setFailure(null);
    setSent(false);
    try {
      const { nextRequestAt } = await send.mutateAsync();
      setSent(true);
      setWaitUntil(nextRequestAt);
    } catch (error) {
      setFailure(error);
      const wait = isAppError(error) ? error.details?.retryAfterSeconds : undefined;
      if (wait) setWaitUntil(new Date(Date.now() + wait * 1000));
      if (isAppError(error) && error.code === 'ALREADY_VERIFIED') {
        await queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
      }
    }
  };

  return (
    <AuthPage title={t('auth.unverified.title')}>
      <Typography sx={{ mb: 2 }}>{t('auth.unverified.blocked')}</Typography>
      {email ? <Typography sx={{ mb: 2 }}>{t('auth.unverified.linkSent', { email })}</Typography> : null}
      {sent ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('auth.unverified.resent', { email })}
          {waitUntil ? ` ${t('auth.unverified.nextAt', { time: formatTime(waitUntil) })}` : ''}
        </Alert>
      ) : null}
      {alreadyVerified ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('apiErrors.ALREADY_VERIFIED')}
        </Alert>
      ) : (
        <FailureAlert failure={failure} />
      )}
      <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
        {alreadyVerified ? (
          <Button component={RouterLink} to={target} variant="contained">
            {t('auth.unverified.continue')}
          </Button>
        ) : (
          <Button variant="contained" onClick={resend} disabled={send.isPending || waitUntil !== null}>
            {send.isPending ? t('auth.unverified.pending') : t('auth.unverified.resend')}
          </Button>
        )}
      </Box>
    </AuthPage>
  );
}

export function Component() {
  return (
    <WithSession>
      <UnverifiedAccount />
    </WithSession>
  );
}
