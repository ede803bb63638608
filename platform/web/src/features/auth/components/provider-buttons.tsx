// Sign-in through the network's OpenID providers (decision 0044): a button per provider the page
// offers (FranceConnect; the network's Keycloak where the custom provider applies, NET-07), which
// opens an attempt and sends the browser to the provider, keeping where the traveller was going.
// FranceConnect's button follows its guidance (its own wording, and what FranceConnect is) with the
// theme's colours.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../lib/api-client.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { goToProvider } from '../../../lib/identity/provider-redirect.ts';
import { useRedirectTarget } from '../../../lib/session/redirect-target.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { keepSignInTarget, type SignInProvider, signInProvidersOf } from '../lib/provider-sign-in.ts';

const FRANCE_CONNECT_ABOUT = 'https://franceconnect.gouv.fr/';

export function ProviderButtons() {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const client = useApiClient();
  const locale = useLocale();
  const target = useRedirectTarget();
  const errorText = useErrorText();
  const headingId = useId();
  const [pending, setPending] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const providers = signInProvidersOf(network);
  if (providers.length === 0) return null;

  const go = async ({ provider, purpose }: SignInProvider) => {
    setPending(provider.id);
    setFailure(null);
    keepSignInTarget(target);
    try {
      await goToProvider(client, { providerId: provider.id, purpose, locale });
      // The browser is leaving for the provider: the button says so until it has.
    } catch (error) {
      setFailure(error);
      setPending(null);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('auth.providers.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {providers.map((offered) => {
          const { provider } = offered;
          const franceConnect = provider.driver === 'FRANCECONNECT';
          const label = franceConnect
            ? t('auth.providers.franceConnect')
            : t('auth.providers.continueWith', { name: provider.name });
          return (
            <Box key={provider.id}>
              <Button
                variant={franceConnect ? 'contained' : 'outlined'}
                fullWidth
                disabled={pending !== null}
                onClick={() => go(offered)}
              >
                {pending === provider.id ? t('auth.providers.pending', { name: provider.name }) : label}
              </Button>
              {franceConnect ? (
                // FranceConnect's own markup: the new window said in the link's title.
                <Link
                  href={FRANCE_CONNECT_ABOUT}
                  target="_blank"
                  rel="noopener"
                  title={`${t('auth.providers.franceConnectAbout')} - ${t('auth.providers.newWindow')}`}
                  variant="body2"
                  sx={{ display: 'inline-block', mt: 0.5 }}
                >
                  {t('auth.providers.franceConnectAbout')}
                </Link>
              ) : null}
            </Box>
          );
        })}
      </Box>
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(failure)}
        </Alert>
      ) : null}
    </Box>
  );
}
