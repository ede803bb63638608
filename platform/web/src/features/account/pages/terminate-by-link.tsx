// /subscription/terminate?token= (decision 0043): a renewal notice's link terminates its subscription
// without signing in. The page reads what the link names (product, traveller's first name, the
// renewal's date and amount), asks once, then says until when the period paid stays valid. A link
// unknown, used or expired says so, with the way to sign in and manage the subscription there.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type LinkedSubscription, terminationTokenSchema } from '@transit-shop/sdk/contract/subscriptions';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink, useLocalePath } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useApiClient } from '../../../lib/api-client.ts';
import { useSessionStatus } from '../../../lib/session/session-status.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { terminationLinkQueryOptions, useTerminateByLink } from '../api/subscriptions.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';
import { type Fact, FactList } from '../components/subscription-parts.tsx';
import { useSubscriptionFormat } from '../hooks/use-subscription-format.ts';

function LinkInvalid() {
  const { t } = useTranslation();
  const toPath = useLocalePath();
  const signedIn = useSessionStatus() === 'loggedIn';
  // Signing in leads on to the subscriptions' page, in this language.
  const signInPath = `${paths.auth}?${new URLSearchParams({ redirect: toPath(paths.accountTacit) })}`;
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Alert severity="error">{t('apiErrors.SUBSCRIPTION_LINK_INVALID')}</Alert>
      <Button component={LocaleLink} to={signedIn ? paths.accountTacit : signInPath} variant="contained">
        {signedIn ? t('account.tacitLink.toSubscriptions') : t('account.tacitLink.signIn')}
      </Button>
    </Box>
  );
}

const isLinkInvalid = (error: unknown) => isAppError(error) && error.code === 'SUBSCRIPTION_LINK_INVALID';

function Terminated({ linked }: { linked: LinkedSubscription }) {
  const { t } = useTranslation();
  const format = useSubscriptionFormat();
  const message = useRef<HTMLDivElement>(null);
  // The button pressed is gone: the keyboard and the screen reader go on from the outcome.
  useEffect(() => message.current?.focus(), []);
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Box ref={message} tabIndex={-1} role="status" sx={{ width: '100%' }}>
        <Alert severity="success" role="none">
          {linked.endsOn
            ? t('account.tacitLink.done', { name: linked.label, date: format.day(linked.endsOn) })
            : t('account.tacitLink.doneNoDate', { name: linked.label })}
        </Alert>
      </Box>
      <Typography>{t('account.tacitLink.doneAfter')}</Typography>
      <Button component={LocaleLink} to={paths.home} variant="outlined">
        {t('account.tacitLink.toShop')}
      </Button>
    </Box>
  );
}

function Confirmation({ token }: { token: string }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const format = useSubscriptionFormat();
  const linked = useQuery(terminationLinkQueryOptions(client, token));
  const terminate = useTerminateByLink(token);
  if (terminate.isSuccess) return <Terminated linked={terminate.data} />;
  if (linked.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (linked.isError)
    return isLinkInvalid(linked.error) ? <LinkInvalid /> : <FailureAlert failure={linked.error} />;
  if (terminate.isError && isLinkInvalid(terminate.error)) return <LinkInvalid />;
  const subscription = linked.data;
  const facts: Fact[] = [
    { key: 'product', term: t('account.tacit.facts.product'), value: subscription.label },
    { key: 'traveller', term: t('account.tacitLink.traveller'), value: subscription.beneficiaryFirstName },
  ];
  if (subscription.renewalDate)
    facts.push({
      key: 'renewal',
      term: t('account.tacit.facts.renewalDate'),
      value: format.day(subscription.renewalDate),
    });
  facts.push({
    key: 'amount',
    term: t('account.tacitLink.amount'),
    value: format.amount(subscription.amount, subscription.currency),
  });
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <FactList facts={facts} />
      </Paper>
      <Typography>{t('account.tacitLink.consequences')}</Typography>
      <FailureAlert failure={terminate.error} />
      <Box>
        <Button
          variant="contained"
          color="error"
          size="large"
          loading={terminate.isPending}
          onClick={() => terminate.mutate()}
        >
          {t('account.tacitLink.confirm')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('account.tacitLink.keep')}
      </Typography>
    </Box>
  );
}

function TerminateByLink() {
  const [params] = useSearchParams();
  const token = terminationTokenSchema.safeParse(params.get('token') ?? '');
  // A link cut short or altered names nothing: no call is made for it.
  if (!token.success) return <LinkInvalid />;
  return <Confirmation key={token.data} token={token.data} />;
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageFrame title={t('account.tacitLink.title')}>
      {/* The session's client, signed in or not: the link is the grant. */}
      <WithSession>
        <TerminateByLink />
      </WithSession>
    </AccountPageFrame>
  );
}
