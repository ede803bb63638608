// /account/tacit (SUB-01, SUB-02, decision 0043): the caller's tacit subscriptions on this network,
// those running (active or blocked, SUB-03) before the terminated ones, each with its product and
// traveller, its status, the period paid, when it renews and what is charged then, and the method
// charged with its expiry marks (PM-02). Only where the network sells subscriptions.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionSummary } from '@transit-shop/sdk/contract/subscriptions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { paths } from '../../../config/paths.ts';
import { useApiClient } from '../../../lib/api-client.ts';
import { useSessionTicket, WithSession } from '../../../lib/session/use-session.tsx';
import { hasSubscriptions, requireAccountHolder } from '../account-guard.ts';
import { subscriptionsQueryOptions } from '../api/subscriptions.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';
import {
  type Fact,
  FactList,
  MethodText,
  SubscriptionStatusChip,
  subscriptionPath,
  useBlockedReasonText,
} from '../components/subscription-parts.tsx';
import { useSubscriptionFormat } from '../hooks/use-subscription-format.ts';

export async function loader(args: LoaderFunctionArgs) {
  if (!(await hasSubscriptions())) return { offered: false };
  await requireAccountHolder(args);
  return { offered: true };
}

function SubscriptionCard({ subscription }: { subscription: SubscriptionSummary }) {
  const { t } = useTranslation();
  const format = useSubscriptionFormat();
  const blockedReason = useBlockedReasonText();
  const headingId = useId();
  const { beneficiary, nextBilling } = subscription;
  const facts: Fact[] = [
    {
      key: 'traveller',
      term: t('account.tacit.facts.beneficiary'),
      value: `${beneficiary.firstName} ${beneficiary.lastName}`,
    },
    { key: 'paid', term: t('account.tacit.facts.validity'), value: format.period(subscription.validity) },
  ];
  if (subscription.status === 'TERMINATED') {
    if (subscription.endsOn)
      facts.push({
        key: 'ends',
        term: t('account.tacit.facts.endsOn'),
        value: format.day(subscription.endsOn),
      });
  } else {
    if (subscription.renewalDate)
      facts.push({
        key: 'renewal',
        term: t('account.tacit.facts.renewalDate'),
        value: format.day(subscription.renewalDate),
      });
    if (nextBilling)
      facts.push({
        key: 'billing',
        term: t('account.tacit.facts.nextBilling'),
        value: t('account.tacit.facts.nextBillingValue', {
          amount: format.amount(nextBilling.amount, nextBilling.currency),
          date: format.instant(nextBilling.at),
        }),
      });
    facts.push({
      key: 'method',
      term: t('account.tacit.facts.method'),
      value: <MethodText method={subscription.paymentMethod} />,
    });
  }
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 1 }}>
        <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1.15rem' }}>
          {subscription.label}
        </Typography>
        <SubscriptionStatusChip status={subscription.status} />
      </Box>
      {subscription.status === 'BLOCKED' ? (
        <Alert severity="error" role="none">
          {blockedReason(subscription.blockedReason)}
        </Alert>
      ) : null}
      <FactList facts={facts} />
      <Box>
        <Button
          component={LocaleLink}
          to={subscriptionPath(subscription.id)}
          variant={subscription.status === 'BLOCKED' ? 'contained' : 'outlined'}
          aria-label={t('account.tacit.openLabel', { name: subscription.label })}
        >
          {t('account.tacit.open')}
        </Button>
      </Box>
    </Paper>
  );
}

function SubscriptionGroup({ title, list }: { title: string; list: readonly SubscriptionSummary[] }) {
  const headingId = useId();
  if (list.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {list.map((subscription) => (
          <SubscriptionCard key={subscription.id} subscription={subscription} />
        ))}
      </Stack>
    </Box>
  );
}

function Subscriptions({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const subscriptions = useQuery(subscriptionsQueryOptions(client, userId));
  if (subscriptions.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (subscriptions.isError) return <FailureAlert failure={subscriptions.error} />;
  const list = subscriptions.data;
  if (list.length === 0) {
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Alert severity="info">{t('account.tacit.empty')}</Alert>
        <Button component={LocaleLink} to={paths.home} variant="contained">
          {t('account.tacit.toShop')}
        </Button>
      </Box>
    );
  }
  // SUB-02: running ones (active, or blocked until another method is chosen) come first.
  return (
    <Stack spacing={4}>
      <SubscriptionGroup
        title={t('account.tacit.running')}
        list={list.filter((subscription) => subscription.status !== 'TERMINATED')}
      />
      <SubscriptionGroup
        title={t('account.tacit.terminated')}
        list={list.filter((subscription) => subscription.status === 'TERMINATED')}
      />
    </Stack>
  );
}

function TacitSubscriptions() {
  const ticket = useSessionTicket();
  // The loader's guard let only a signed-in customer in.
  return ticket ? <Subscriptions userId={ticket.userId} /> : null;
}

export function Component() {
  const { t } = useTranslation();
  const { offered } = useLoaderData<typeof loader>();
  if (!offered) return <NotFoundPage />;
  return (
    <AccountPageFrame title={t('account.tacit.title')} intro={t('account.tacit.intro')}>
      <WithSession>
        <TacitSubscriptions />
      </WithSession>
    </AccountPageFrame>
  );
}
