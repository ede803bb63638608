// The account's sign-in methods (decision 0044): each provider of the network, linked or not (and
// since when), with what can be done: link one not linked; replace a linked identity; unlink
// FranceConnect through its own page (IDP-03). An identity at a provider the network no longer
// names is listed without actions; a FranceConnect one there says the network has none (IDP-05).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { LinkedIdentityDetails } from '@transit-shop/sdk/contract/authentication';
import type { AuthenticationProvider } from '@transit-shop/sdk/contract/networks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useApiClient } from '../../../lib/api-client.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { franceConnectProviderOf, hasDefaultIdentity } from '../../../lib/identity/identity-rules.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { identitiesQueryOptions } from '../api/identities.ts';
import { useGoToProvider } from '../hooks/use-go-to-provider.ts';
import { AccountSection, SavedStatus } from './account-section.tsx';

/** The day an identity was linked, in the page's language, on the network's calendar. */
function useFormatLinkedAt() {
  const locale = useLocale();
  const { network } = useBootstrap();
  return (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: network.timeZone }).format(new Date(iso));
}

function MethodItem({
  name,
  identity,
  hint,
  children,
}: {
  name: string;
  identity: LinkedIdentityDetails | undefined;
  hint?: string | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const formatLinkedAt = useFormatLinkedAt();
  return (
    <ListItem divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 'fontWeightMedium' }}>{name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {identity
            ? t('account.identities.linkedOn', { date: formatLinkedAt(identity.linkedAt) })
            : t('account.identities.notLinked')}
        </Typography>
        {hint ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {hint}
          </Typography>
        ) : null}
      </Box>
      {children ? <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{children}</Box> : null}
    </ListItem>
  );
}

export function IdentitiesSection({ user, notice }: { user: AuthUser; notice?: string | null }) {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const client = useApiClient();
  const identities = useQuery(identitiesQueryOptions(client, user.userId));
  const trip = useGoToProvider();
  const providers = network.authenticationProviders;
  // The replace page needs a default identity (ROUTE-11): without one, replacing is not offered.
  const replaceable = hasDefaultIdentity(user, providers);
  const linked = identities.data ?? [];
  const identityAt = (provider: AuthenticationProvider) =>
    linked.find((identity) => identity.providerId === provider.id);
  const unnamed = linked.filter(
    (identity) => !providers.some((provider) => provider.id === identity.providerId),
  );
  // IDP-05: FranceConnect comes up here (an identity or this session) where the network has none.
  const noFranceConnect =
    franceConnectProviderOf(providers) === null &&
    (unnamed.some((identity) => identity.driver === 'FRANCECONNECT') ||
      user.signedInWith?.driver === 'FRANCECONNECT');

  const actionsOf = (provider: AuthenticationProvider, identity: LinkedIdentityDetails | undefined) => {
    const go = (purpose: 'link' | 'replace') => () => trip.mutate({ providerId: provider.id, purpose });
    if (!identity) {
      return (
        <Button
          size="small"
          variant="outlined"
          disabled={trip.leaving}
          onClick={go('link')}
          aria-label={t('account.identities.linkLabel', { name: provider.name })}
        >
          {t('account.identities.link')}
        </Button>
      );
    }
    return (
      <>
        {replaceable ? (
          <Button
            size="small"
            disabled={trip.leaving}
            onClick={go('replace')}
            aria-label={t('account.identities.replaceLabel', { name: provider.name })}
          >
            {t('account.identities.replace')}
          </Button>
        ) : null}
        {/*
          Unlinking is FranceConnect's (IDP-03): its page proves the identity again at FranceConnect and
          has the account make its own email and password first. A KEYCLOAK identity is the network's
          own account, the default identity the replace page and ROUTE-11 stand on: it is replaced,
          never unlinked, and that page (which requires a FranceConnect identity) could not serve it.
        */}
        {provider.driver === 'FRANCECONNECT' ? (
          <Button
            component={LocaleLink}
            to={paths.authFranceConnectDeleteIdentity}
            size="small"
            color="error"
            aria-label={t('account.identities.unlinkLabel', { name: provider.name })}
          >
            {t('account.identities.unlink')}
          </Button>
        ) : null}
      </>
    );
  };

  return (
    <AccountSection
      id="identities"
      title={t('account.identities.title')}
      intro={t('account.identities.intro')}
    >
      {identities.isPending ? (
        <CircularProgress size={24} aria-label={t('account.identities.loading')} />
      ) : identities.isError ? (
        <FailureAlert failure={identities.error} />
      ) : (
        <List disablePadding>
          {providers.map((provider) => {
            const identity = identityAt(provider);
            return (
              <MethodItem
                key={provider.id}
                name={provider.name}
                identity={identity}
                hint={
                  identity && provider.isDefault && provider.driver === 'KEYCLOAK'
                    ? t('account.identities.defaultHint')
                    : null
                }
              >
                {actionsOf(provider, identity)}
              </MethodItem>
            );
          })}
          {unnamed.map((identity) => (
            <MethodItem
              key={identity.providerId}
              name={identity.name}
              identity={identity}
              hint={t('account.identities.notOffered')}
            />
          ))}
        </List>
      )}
      {noFranceConnect ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('apiErrors.NO_FRANCECONNECT_PROVIDER')}
        </Alert>
      ) : null}
      <FailureAlert failure={trip.error} />
      <SavedStatus message={notice ?? null} />
    </AccountSection>
  );
}
