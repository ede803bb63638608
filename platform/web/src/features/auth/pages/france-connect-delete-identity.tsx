// /auth/fc/delete-identity: unlinking the account's FranceConnect identity (IDP-03, IDP-04), the
// identity-unlink machine with the real calls: a sign-in again at FranceConnect (which leaves the
// page and comes back here), the account's own email and password unless it has them, then
// account/deleteIdentity; back to the account page, which says it is done. ROUTE-11: a signed-in
// account with a FranceConnect identity; IDP-05 on a network without FranceConnect.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  identityUnlinkMachine,
  isUnlinkBusy,
} from '@transit-shop/flows/identity-unlink/identity-unlink.machine';
import { PASSWORD_MIN_LENGTH } from '@transit-shop/sdk/constants';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { deleteIdentityCall, exchangeAuthorizationCodeCall } from '@transit-shop/sdk/contract/authentication';
import { readProviderReturn } from '@transit-shop/sdk/contract/provider-return';
import {
  type OwnCredentialsForm,
  ownCredentialsFormSchema,
} from '@transit-shop/sdk/validation/account-forms';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { fromPromise } from 'xstate';
import { FailureAlert, FormSummary } from '../../../components/form-parts.tsx';
import { LocaleLink, useLocalePath } from '../../../components/locale-link.tsx';
import { EMPTY_CREDENTIALS, NewCredentialsFields } from '../../../components/new-credentials-fields.tsx';
import { paths } from '../../../config/paths.ts';
import { useApiClient } from '../../../lib/api-client.ts';
import { onSubmit, useAuthForm } from '../../../lib/forms/use-auth-form.ts';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { franceConnectProviderOf } from '../../../lib/identity/identity-rules.ts';
import { goToProvider } from '../../../lib/identity/provider-redirect.ts';
import { requireFranceConnectIdentity } from '../../../lib/session/guards.ts';
import { getSessionRuntime, type SessionRuntime } from '../../../lib/session/session-runtime.ts';
import { useSessionRuntime, WithSession } from '../../../lib/session/use-session.tsx';
import { userQueryKey } from '../../../lib/session/user-query-key.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { hasOwnPassword, type KeepIdentityTokens, setOwnCredentials } from '../api/own-identity.ts';
import { AuthPage } from '../components/auth-page.tsx';
import { NoFranceConnect } from '../components/no-france-connect.tsx';

/** What the account page is told once the identity is unlinked (the history entry's state). */
const IDENTITY_UNLINKED_NOTICE = { identityNotice: 'franceConnectUnlinked' } as const;

/** The server's refusals that belong to one field of the credentials form. */
const FIELD_OF_CODE = { EMAIL_IN_USE: 'email', PASSWORD_TOO_WEAK: 'password' } as const;

/** The session keeps the identity's newest tokens (and its cookie with them). */
const keepIdentityIn =
  (actor: SessionRuntime['actor']): KeepIdentityTokens =>
  (identity) =>
    actor.send({ type: 'IDENTITY_CHANGED', identity });

export async function loader(args: LoaderFunctionArgs) {
  const runtime = await getSessionRuntime();
  if (!franceConnectProviderOf(runtime.network.authenticationProviders)) return { unlink: null };
  const { user, provider } = await requireFranceConnectIdentity(args);
  const hasPassword = await hasOwnPassword(
    runtime.client,
    runtime.actor.getSnapshot().context.identity,
    keepIdentityIn(runtime.actor),
  );
  return {
    unlink: { providerId: provider.id, providerName: provider.name, email: user.userMail ?? '', hasPassword },
  };
}

type Unlink = NonNullable<Awaited<ReturnType<typeof loader>>['unlink']>;

function DeleteIdentity({ unlink }: { unlink: Unlink }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const runtime = useSessionRuntime();
  const locale = useLocale();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const errorText = useErrorText();
  const [search] = useSearchParams();
  const [returned] = useState(() => readProviderReturn(search));
  const form = useAuthForm<keyof OwnCredentialsForm>();
  const [values, setValues] = useState<OwnCredentialsForm>({ ...EMPTY_CREDENTIALS, email: unlink.email });
  const stepsId = useId();
  const name = unlink.providerName;

  const [snapshot, send] = useMachine(
    identityUnlinkMachine.provide({
      actors: {
        startReauthentication: fromPromise(({ input }) =>
          goToProvider(client, { providerId: input.providerId, purpose: 'unlink', locale }),
        ),
        exchangeCode: fromPromise(async ({ input }) => {
          const { authProviderToken, authProviderId } = await client.call(
            exchangeAuthorizationCodeCall,
            input,
          );
          return { authProviderToken, authProviderId };
        }),
        setCredentials: fromPromise(async ({ input }) => {
          const identity = await setOwnCredentials(
            client,
            runtime.actor.getSnapshot().context.identity,
            input,
            keepIdentityIn(runtime.actor),
          );
          // The identity's new tokens name its new email: the session keeps them.
          runtime.actor.send({ type: 'IDENTITY_CHANGED', identity });
        }),
        unlink: fromPromise(async ({ input }) => {
          const answer = await client.call(deleteIdentityCall, {
            authProviderId: input.providerId,
            authProviderToken: input.authProviderToken,
          });
          const userId = runtime.actor.getSnapshot().context.ticket?.userId;
          if (userId !== undefined) {
            runtime.queryClient.setQueryData<AuthUser | null>(userQueryKey(userId), (user) =>
              user
                ? { ...user, identities: answer.identities.map(({ providerId }) => ({ providerId })) }
                : user,
            );
            // The email and names are the account's own again: read anew.
            await runtime.queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
          }
          return answer;
        }),
      },
    }),
    {
      input: {
        providerId: unlink.providerId,
        returned,
        hasPassword: unlink.hasPassword,
        email: unlink.email,
      },
    },
  );
  const busy = isUnlinkBusy(snapshot);
  const inCredentials = snapshot.matches('credentials');
  const error = snapshot.context.error;

  // A refusal of the credentials (or the server finding no password) is said on the form, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: form.fail is a new function each render
  useEffect(() => {
    if (inCredentials && error) form.fail(error, FIELD_OF_CODE);
  }, [inCredentials, error]);

  useEffect(() => {
    if (!snapshot.matches('done')) return;
    navigate(toPath(paths.account), { replace: true, state: IDENTITY_UNLINKED_NOTICE });
  }, [snapshot, navigate, toPath]);

  const backToAccount = (
    <Button component={LocaleLink} to={paths.account} variant="outlined" disabled={busy}>
      {t('auth.unlink.backToAccount')}
    </Button>
  );
  const restart = (
    <Button variant="contained" onClick={() => send({ type: 'RESTART' })}>
      {t('auth.unlink.restart', { name })}
    </Button>
  );

  const content = () => {
    if (snapshot.matches('explaining')) {
      return (
        <>
          <Typography id={stepsId} sx={{ mb: 1 }}>
            {t('auth.unlink.intro', { name })}
          </Typography>
          <Box component="ol" aria-labelledby={stepsId} sx={{ mt: 0, mb: 3, ps: 3 }}>
            <li>{t('auth.unlink.stepSignIn', { name })}</li>
            <li>
              {unlink.hasPassword ? t('auth.unlink.stepKeepPassword') : t('auth.unlink.stepCredentials')}
            </li>
            <li>{t('auth.unlink.stepUnlink', { name })}</li>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => send({ type: 'CONFIRM' })}>
              {t('auth.unlink.confirm', { name })}
            </Button>
            {backToAccount}
          </Box>
        </>
      );
    }
    if (snapshot.matches('reauthenticationFailed')) {
      return (
        <>
          <Alert severity="error" sx={{ mb: 3 }}>
            {t('auth.unlink.reauthenticationFailed', { name })} {errorText(error)}
          </Alert>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {restart}
            {backToAccount}
          </Box>
        </>
      );
    }
    if (snapshot.matches('unlinkFailed')) {
      return (
        <>
          <Alert severity="error" sx={{ mb: 3 }}>
            {t('auth.unlink.unlinkFailed', { name })} {errorText(error)}
          </Alert>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {snapshot.can({ type: 'RETRY' }) ? (
              <Button variant="contained" onClick={() => send({ type: 'RETRY' })}>
                {t('auth.unlink.retry')}
              </Button>
            ) : null}
            {restart}
            {backToAccount}
          </Box>
        </>
      );
    }
    if (inCredentials || snapshot.matches('savingCredentials')) {
      const submit = () => {
        const checked = form.check(ownCredentialsFormSchema, values);
        if (checked.ok) send({ type: 'SUBMIT', ...checked.data });
      };
      return (
        <Box component="section" aria-labelledby={`${stepsId}-credentials`}>
          <Typography
            id={`${stepsId}-credentials`}
            variant="h2"
            component="h2"
            sx={{ fontSize: '1.25rem', mb: 1 }}
          >
            {t('auth.unlink.credentialsTitle')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            {t('auth.unlink.credentialsIntro', { name })}
          </Typography>
          <Box component="form" ref={form.formRef} noValidate onSubmit={onSubmit(submit)}>
            <NewCredentialsFields
              values={values}
              onChange={(next, changed) => {
                setValues(next);
                form.changed(changed, next);
              }}
              errors={form.errors}
              labels={{
                email: t('auth.fields.email'),
                password: t('auth.fields.password'),
                passwordConfirmation: t('auth.fields.passwordConfirmation'),
              }}
              passwordHint={t('auth.register.passwordRules', { minimum: PASSWORD_MIN_LENGTH })}
            />
            <FormSummary summary={form.summary} />
            <FailureAlert failure={form.alertFailure} />
            <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 3 }}>
              {busy ? t('auth.unlink.saving') : t('auth.unlink.credentialsSubmit', { name })}
            </Button>
          </Box>
        </Box>
      );
    }
    // Under way: on the way to the provider, back and checking, unlinking, or done and leaving.
    const progress = snapshot.matches('exchanging')
      ? t('auth.unlink.exchanging', { name })
      : snapshot.matches('unlinking') || snapshot.matches('done')
        ? t('auth.unlink.unlinking', { name })
        : t('auth.providers.pending', { name });
    return (
      <>
        <Typography role="status" sx={{ mb: 2 }}>
          {progress}
        </Typography>
        <LinearProgress aria-label={progress} />
      </>
    );
  };

  return <AuthPage title={t('auth.unlink.title', { name })}>{content()}</AuthPage>;
}

export function Component() {
  const { unlink } = useLoaderData<typeof loader>();
  if (!unlink) return <NoFranceConnect />;
  return (
    <WithSession>
      <DeleteIdentity unlink={unlink} />
    </WithSession>
  );
}
