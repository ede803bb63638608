// /account: the account page, one section under another (no tabs, so it reads the same on a phone
// and with a screen reader): profile, picture, travellers, sign-in email and password, sign-in
// methods, contact email, appearance, data sharing, and the way to the account's deletion.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLocation } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { hasFranceConnectIdentity, needsPasswordSignIn } from '../../../lib/identity/identity-rules.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { requireAccountHolder } from '../account-guard.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';
import { AccountSection, SavedStatus } from '../components/account-section.tsx';
import { AppearanceSection } from '../components/appearance-section.tsx';
import { ConsentSection } from '../components/consent-section.tsx';
import { ContactEmailSection } from '../components/contact-email-section.tsx';
import { EmailSection } from '../components/email-section.tsx';
import { IdentitiesSection } from '../components/identities-section.tsx';
import { PasswordSection } from '../components/password-section.tsx';
import { PictureSection } from '../components/picture-section.tsx';
import { ProfileSection } from '../components/profile-section.tsx';
import { TravellersSection } from '../components/travellers-section.tsx';
import { type AccountNotice, noticeSection, noticeText } from '../notices.ts';

export async function loader(args: LoaderFunctionArgs) {
  await requireAccountHolder(args);
  return null;
}

const CONTENTS = [
  'profile',
  'picture',
  'travellers',
  'email',
  'password',
  'identities',
  'contact-email',
  'appearance',
  'consent',
  'deletion',
] as const;

function Account() {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const user = useUser();
  const location = useLocation();
  const state = location.state as { accountNotice?: AccountNotice; identityNotice?: string } | null;
  const notice = state?.accountNotice;
  // The FranceConnect identity was just unlinked (/auth/fc/delete-identity, IDP-03).
  const identityUnlinked = state?.identityNotice === 'franceConnectUnlinked';

  if (!user.data) {
    return (
      <AccountPageFrame title={t('account.title')}>
        {user.isError ? <FailureAlert failure={user.error} /> : null}
      </AccountPageFrame>
    );
  }
  const account = user.data;
  const providers = network.authenticationProviders;
  // IDP-02: the provider the session was opened with, by its name in the network's configuration.
  const signedInWith = account.signedInWith;
  const providerSignIn =
    signedInWith && needsPasswordSignIn(account)
      ? (providers.find((provider) => provider.id === signedInWith.providerId)?.name ??
        (signedInWith.driver === 'FRANCECONNECT' ? 'FranceConnect' : network.name))
      : null;
  const noticeIn = (section: 'travellers' | 'identities') =>
    notice && noticeSection(notice) === section ? noticeText(t, notice) : null;

  return (
    <AccountPageFrame
      title={t('account.title')}
      intro={t('account.customerNumber', { number: account.customerNumber })}
    >
      {identityUnlinked ? <SavedStatus message={t('account.identityUnlinked')} /> : null}
      <Box sx={{ mb: 2, mt: identityUnlinked ? 2 : 0, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button component={LocaleLink} to={paths.accountWallet} variant="contained">
          {t('wallet.title')}
        </Button>
        <Button component={LocaleLink} to={paths.accountInvoices} variant="contained">
          {t('account.invoices.title')}
        </Button>
        <Button component={LocaleLink} to={paths.accountPaymentCards} variant="contained">
          {t('account.paymentCards.title')}
        </Button>
        {network.configuration.has_subscriptions ? (
          <Button component={LocaleLink} to={paths.accountTacit} variant="contained">
            {t('account.tacit.title')}
          </Button>
        ) : null}
        <Button component={LocaleLink} to={paths.accountTransportCards} variant="contained">
          {t('account.transportCards.title')}
        </Button>
        <Button component={LocaleLink} to={paths.authLogout} variant="outlined">
          {t('account.logout')}
        </Button>
      </Box>
      <Box component="nav" aria-label={t('account.contents')} sx={{ mb: 3 }}>
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 1, listStyle: 'none', p: 0, m: 0 }}
        >
          {CONTENTS.filter((id) => id !== 'identities' || providers.length > 0).map((id) => (
            <li key={id}>
              <Link href={`#${id}`}>{t(`account.contentsLinks.${id}`)}</Link>
            </li>
          ))}
        </Box>
      </Box>
      {/* Keyed by the user, so each form starts from this account's saved values. */}
      <Stack spacing={3} key={account.userId}>
        <ProfileSection user={account} />
        <PictureSection user={account} />
        <TravellersSection user={account} notice={noticeIn('travellers')} />
        <EmailSection
          user={account}
          fromFranceConnect={hasFranceConnectIdentity(account, providers)}
          providerSignIn={providerSignIn}
        />
        <PasswordSection providerSignIn={providerSignIn} />
        {providers.length > 0 ? <IdentitiesSection user={account} notice={noticeIn('identities')} /> : null}
        <ContactEmailSection user={account} />
        <AppearanceSection />
        <ConsentSection user={account} />
        <AccountSection id="deletion" title={t('account.deletion.title')} intro={t('account.deletion.intro')}>
          <Button component={LocaleLink} to={paths.accountDelete} variant="outlined" color="error">
            {t('account.deletion.start')}
          </Button>
        </AccountSection>
      </Stack>
    </AccountPageFrame>
  );
}

export function Component() {
  return (
    <WithSession>
      <Account />
    </WithSession>
  );
}
