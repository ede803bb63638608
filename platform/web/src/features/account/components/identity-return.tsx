// The page a provider sends the browser back to after a link or a replace (decision 0044): with a
// code in the address, the identity is linked (or put in place of the account's one at that
// provider) and the account page says so; the provider's refusal or the link's failure is said here,
// above the way to the provider again. Opened without a return, the page says what it does and
// leads to the provider (a choice where several fit).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink, useLocalePath } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { readProviderReturn } from '../../../lib/identity/provider-redirect.ts';
import { providerRefusalCode } from '../../../lib/identity/provider-refusal.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useLinkIdentity } from '../api/identities.ts';
import { useGoToProvider } from '../hooks/use-go-to-provider.ts';
import type { AccountNotice } from '../notices.ts';
import { AccountPageFrame } from './account-page-frame.tsx';

export type IdentityPurpose = 'link' | 'replace';

const TEXTS = {
  link: {
    title: 'account.identities.addTitle',
    intro: 'account.identities.addIntro',
    working: 'account.identities.linking',
    nothing: 'account.identities.nothingToLink',
    notice: 'identityLinked',
  },
  replace: {
    title: 'account.identities.replaceTitle',
    intro: 'account.identities.replaceIntro',
    working: 'account.identities.replacing',
    nothing: 'account.identities.nothingToReplace',
    notice: 'identityReplaced',
  },
} as const;

/** The way to the provider: a link goes to one the account is not linked to, a replace to a linked one. */
function ProviderChoice({ purpose, user }: { purpose: IdentityPurpose; user: AuthUser }) {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const trip = useGoToProvider();
  const headingId = useId();
  const candidates = network.authenticationProviders.filter(
    (provider) =>
      user.identities.some((identity) => identity.providerId === provider.id) === (purpose === 'replace'),
  );
  if (candidates.length === 0) return <Typography>{t(TEXTS[purpose].nothing)}</Typography>;
  const buttons = candidates.map((provider) => (
    <Button
      key={provider.id}
      variant="contained"
      disabled={trip.leaving}
      onClick={() => trip.mutate({ providerId: provider.id, purpose })}
    >
      {t('account.identities.continueWith', { name: provider.name })}
    </Button>
  ));
  return (
    <>
      {candidates.length === 1 ? (
        buttons
      ) : (
        <Box component="section" aria-labelledby={headingId}>
          <Typography id={headingId} variant="h3" component="h2" sx={{ mb: 2 }}>
            {t('account.identities.choose')}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
            {buttons}
          </Box>
        </Box>
      )}
      <FailureAlert failure={trip.error} />
    </>
  );
}

export function IdentityReturn({ purpose }: { purpose: IdentityPurpose }) {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const user = useUser();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const [params, setParams] = useSearchParams();
  // Read once: what the provider answered leaves the address as soon as it is read.
  const [providerReturn] = useState(() => readProviderReturn(params));
  const link = useLinkIdentity();
  const linkIdentity = link.mutateAsync;
  const started = useRef(false);
  const texts = TEXTS[purpose];

  useEffect(() => {
    if (started.current || providerReturn.kind === 'none') return;
    started.current = true;
    // The code and its state are used once: a reload or Back must not send them again.
    setParams({}, { replace: true, preventScrollReset: true });
    if (providerReturn.kind !== 'code') return;
    // The account page the link ends on loads meanwhile rather than after (the router reports a failure).
    void import('../pages/account.tsx').catch(() => {});
    linkIdentity({ code: providerReturn.code, state: providerReturn.state, replace: purpose === 'replace' })
      .then(({ providerId, identities }) => {
        const name =
          network.authenticationProviders.find((provider) => provider.id === providerId)?.name ??
          identities.find((identity) => identity.providerId === providerId)?.name ??
          '';
        const notice: AccountNotice = { kind: texts.notice, name };
        navigate(toPath(paths.account), { replace: true, state: { accountNotice: notice } });
      })
      // Said on the page, from the mutation's error.
      .catch(() => {});
  }, [providerReturn, setParams, linkIdentity, purpose, network, texts, navigate, toPath]);

  const working = providerReturn.kind === 'code' && !link.isError;
  const failure =
    link.error ??
    (providerReturn.kind === 'error' ? new AppError(providerRefusalCode(providerReturn.error)) : null);

  return (
    <AccountPageFrame title={t(texts.title)} {...(working ? {} : { intro: t(texts.intro) })}>
      {working ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t(texts.working)}</Typography>
        </Box>
      ) : (
        <>
          {failure ? (
            <Alert severity="error" sx={{ mb: 3 }}>
              {errorText(failure)}
            </Alert>
          ) : null}
          {user.data ? (
            <ProviderChoice purpose={purpose} user={user.data} />
          ) : (
            <FailureAlert failure={user.error} />
          )}
        </>
      )}
      <Box sx={{ mt: 3 }}>
        <Button component={LocaleLink} to={paths.account}>
          {t('account.identities.back')}
        </Button>
      </Box>
    </AccountPageFrame>
  );
}
