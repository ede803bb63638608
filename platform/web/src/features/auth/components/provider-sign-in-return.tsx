// The return page of a sign-in at a network's OpenID provider (/auth/custom, /auth/fc/finalize;
// decision 0044): the provider sign-in machine with the real calls. The code is exchanged and the
// verified identity signs its account in through the session; an account that already has its email
// (ACCOUNT_OTHER_PROVIDER, AUTH-09) is signed in to with its password and the identity linked to it.
// Then on to where the traveller was going before the provider (kept in the tab's storage).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  isProviderSignInBusy,
  providerSignInMachine,
} from '@transit-shop/flows/provider-sign-in/provider-sign-in.machine';
import { isSessionBusy, sessionStatusOf } from '@transit-shop/flows/session/session.machine';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { createIdentityCall, exchangeAuthorizationCodeCall } from '@transit-shop/sdk/contract/authentication';
import type { AuthenticationProvider } from '@transit-shop/sdk/contract/networks';
import { readProviderReturn } from '@transit-shop/sdk/contract/provider-return';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fromPromise, waitFor } from 'xstate';
import { FailureAlert, FormSummary } from '../../../components/form-parts.tsx';
import { LocaleLink, useLocalePath } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useApiClient } from '../../../lib/api-client.ts';
import { onSubmit } from '../../../lib/forms/use-auth-form.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { redirectQuery } from '../../../lib/session/redirect-target.ts';
import { useApplySavedAppearance } from '../../../lib/session/use-apply-saved-appearance.ts';
import { useSession, useSessionRuntime } from '../../../lib/session/use-session.tsx';
import { userQueryKey } from '../../../lib/session/user-query-key.ts';
import { takeSignInTarget } from '../lib/provider-sign-in.ts';
import { AuthPage } from './auth-page.tsx';
import { ProfileChoice } from './profile-choice.tsx';
import { SignInFields, useSignInForm } from './sign-in-fields.tsx';

/** What the session's last attempt failed with; it failed, so there is one, or a generic one. */
const failureOf = (error: unknown) => error ?? new AppError('ERR_RESPONSE_ERROR');

export function ProviderSignInReturn({ provider }: { provider: AuthenticationProvider }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const runtime = useSessionRuntime();
  const session = useSession();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const errorText = useErrorText();
  const applySavedAppearance = useApplySavedAppearance();
  const [search] = useSearchParams();
  // Read once: where the traveller was going, and what the provider answered.
  const [target] = useState(() => takeSignInTarget(toPath(paths.home)));
  const [returned] = useState(() => readProviderReturn(search));
  const signIn = useSignInForm();
  const name = provider.name;

  const [snapshot, send, actor] = useMachine(
    providerSignInMachine.provide({
      actors: {
        exchangeCode: fromPromise(async ({ input }) => {
          const { authProviderToken, authProviderId } = await client.call(
            exchangeAuthorizationCodeCall,
            input,
          );
          return { authProviderToken, authProviderId };
        }),
        signInWithProvider: fromPromise(async ({ input }) => {
          const after = await session.run({ type: 'SIGN_IN_WITH_PROVIDER', ...input });
          if (sessionStatusOf(after) !== 'loggedIn') throw failureOf(after.context.error);
        }),
        signInWithPassword: fromPromise(async ({ input }) => {
          let after = await session.run({ type: 'SIGN_IN', ...input });
          // AUTH-03: the page shows the session's profile choice; the sign-in goes on once made.
          if (after.matches('choosingProfile')) {
            after = await waitFor(
              runtime.actor,
              (next) => !isSessionBusy(next) && !next.matches('choosingProfile'),
            );
          }
          // A cancelled profile choice fails without an error: the form is shown again.
          if (sessionStatusOf(after) !== 'loggedIn') throw after.context.error;
        }),
        linkIdentity: fromPromise(async ({ input }) => {
          const { identities } = await client.call(createIdentityCall, input);
          const userId = runtime.actor.getSnapshot().context.ticket?.userId;
          if (userId === undefined) return;
          runtime.queryClient.setQueryData<AuthUser | null>(userQueryKey(userId), (user) =>
            user ? { ...user, identities: identities.map(({ providerId }) => ({ providerId })) } : user,
          );
        }),
      },
    }),
    { input: { returned } },
  );
  const busy = isProviderSignInBusy(snapshot);
  const done = snapshot.matches('done');

  useEffect(() => {
    if (!done) return;
    const userId = runtime.actor.getSnapshot().context.ticket?.userId;
    if (userId !== undefined) applySavedAppearance(userId);
    navigate(target, { replace: true });
  }, [done, runtime, applySavedAppearance, navigate, target]);

  const backToSignIn = (
    <Button
      component={LocaleLink}
      to={`${paths.auth}${redirectQuery(target)}`}
      variant="outlined"
      sx={{ mt: 3 }}
    >
      {t('auth.providerReturn.backToSignIn')}
    </Button>
  );

  if (snapshot.matches('failed')) {
    return (
      <AuthPage title={t('auth.providerReturn.failedTitle')}>
        <Alert severity="error">{errorText(snapshot.context.error)}</Alert>
        {backToSignIn}
      </AuthPage>
    );
  }

  if (snapshot.matches('linkFailed')) {
    return (
      <AuthPage title={t('auth.providerReturn.linkTitle', { name })}>
        <Alert severity="error">
          {t('auth.providerReturn.linkFailed', { name })} {errorText(snapshot.context.error)}
        </Alert>
        <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => send({ type: 'RETRY' })}>
            {t('auth.providerReturn.retryLink')}
          </Button>
          <Button variant="outlined" onClick={() => navigate(target, { replace: true })}>
            {t('auth.providerReturn.continue')}
          </Button>
        </Box>
      </AuthPage>
    );
  }

  if (snapshot.matches('passwordNeeded') || snapshot.matches('signingInToLink')) {
    if (session.profiles) {
      return (
        <AuthPage title={t('auth.profiles.title')}>
          <ProfileChoice
            profiles={session.profiles}
            pending={session.busy}
            onChoose={(userId) => session.send({ type: 'CHOOSE_PROFILE', userId })}
            onCancel={() => session.send({ type: 'CANCEL' })}
          />
        </AuthPage>
      );
    }
    const submit = async () => {
      const checked = signIn.check();
      if (!checked.ok) return;
      send({ type: 'SUBMIT', ...checked.data });
      const after = await waitFor(actor, (next) => !isProviderSignInBusy(next));
      if (after.matches('passwordNeeded') && after.context.error) signIn.form.fail(after.context.error);
    };
    return (
      <AuthPage title={t('auth.providerReturn.linkTitle', { name })}>
        <Alert severity="info" role="none" sx={{ mb: 2 }}>
          {t('auth.providerReturn.linkIntro', { name })}
        </Alert>
        <Box component="form" ref={signIn.form.formRef} noValidate onSubmit={onSubmit(submit)}>
          <SignInFields signIn={signIn} />
          <Link component={LocaleLink} to={paths.authReset} sx={{ display: 'inline-block', mt: 1 }}>
            {t('auth.signIn.forgotPassword')}
          </Link>
          <FormSummary summary={signIn.form.summary} />
          <FailureAlert failure={signIn.form.alertFailure} />
          <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 3 }}>
            {busy ? t('auth.providerReturn.linkPending') : t('auth.providerReturn.linkSubmit')}
          </Button>
        </Box>
        {backToSignIn}
      </AuthPage>
    );
  }

  // Exchanging, signing in, linking, or done and on the way.
  return (
    <AuthPage title={t('auth.providerReturn.title')}>
      <Typography role="status" sx={{ mb: 2 }}>
        {snapshot.matches('linking')
          ? t('auth.providerReturn.linking', { name })
          : t('auth.providerReturn.pending', { name })}
      </Typography>
      <LinearProgress aria-label={t('auth.providerReturn.title')} />
    </AuthPage>
  );
}
