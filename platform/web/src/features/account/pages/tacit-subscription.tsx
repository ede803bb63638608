// /account/tacit/:id (SUB-01, SUB-03, SUB-05, decision 0043): one tacit subscription, its terms
// (traveller, product, support and card, start, period paid, renewal and next charge, method) and
// its periods with every charge tried; terminating it once its consequences are read, and charging
// it to another saved method or a new card typed on the provider's page, which for a blocked one
// charges what is due at once; back from that page (?cardSetup=), what became of the card. Another
// customer's, or one that does not exist, is SUBSCRIPTION_NOT_FOUND.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionDetail } from '@transit-shop/sdk/contract/subscriptions';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLoaderData, useParams } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { paths } from '../../../config/paths.ts';
import { useApiClient } from '../../../lib/api-client.ts';
import { isolatedLtr } from '../../../lib/saved-methods.ts';
import { useSessionTicket, WithSession } from '../../../lib/session/use-session.tsx';
import { hasSubscriptions, requireAccountHolder } from '../account-guard.ts';
import { subscriptionQueryOptions, useChangeSubscription } from '../api/subscriptions.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';
import { AccountSection, SavedStatus } from '../components/account-section.tsx';
import { CardSetupNotice } from '../components/card-setup-notice.tsx';
import { ChangeMethodDialog } from '../components/change-method-dialog.tsx';
import { SubscriptionHistory } from '../components/subscription-history.tsx';
import {
  type Fact,
  FactList,
  MethodText,
  SubscriptionStatusChip,
  useBlockedReasonText,
} from '../components/subscription-parts.tsx';
import { TerminateSubscriptionDialog } from '../components/terminate-subscription-dialog.tsx';
import { useCardSetupReturn } from '../hooks/use-card-setup-return.ts';
import { useSubscriptionFormat } from '../hooks/use-subscription-format.ts';

export async function loader(args: LoaderFunctionArgs) {
  if (!(await hasSubscriptions())) return { offered: false };
  await requireAccountHolder(args);
  return { offered: true };
}

const subscriptionIdOf = (param: string | undefined) =>
  param && /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;

function Frame({ title, children }: { title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AccountPageFrame title={title ?? t('account.tacit.detailTitle')}>
      <Link component={LocaleLink} to={paths.accountTacit} sx={{ display: 'inline-block', mb: 3 }}>
        {t('account.tacit.back')}
      </Link>
      {children}
    </AccountPageFrame>
  );
}

/** SUB-01: what the subscription is, as the spec lists it, and where it stands. */
function Details({ subscription }: { subscription: SubscriptionDetail }) {
  const { t } = useTranslation();
  const format = useSubscriptionFormat();
  const { beneficiary, nextBilling } = subscription;
  const support =
    subscription.support === 'PHYSICAL' && subscription.cardNumber
      ? t('account.tacit.facts.onCard', { number: isolatedLtr(subscription.cardNumber) })
      : t(`account.tacit.supports.${subscription.support}`);
  const facts: (Fact | null)[] = [
    {
      key: 'beneficiary',
      term: t('account.tacit.facts.beneficiary'),
      value: `${beneficiary.firstName} ${beneficiary.lastName}`,
    },
    { key: 'product', term: t('account.tacit.facts.product'), value: subscription.label },
    { key: 'support', term: t('account.tacit.facts.support'), value: support },
    // A terminated subscription renews no more: nothing is said of renewals.
    subscription.status === 'TERMINATED'
      ? null
      : {
          key: 'renews',
          term: t('account.tacit.facts.renews'),
          value: t('account.tacit.facts.renewsValue', {
            every: t(`subscriptions.every.${subscription.renewalInterval}`),
          }),
        },
    { key: 'start', term: t('account.tacit.facts.startDate'), value: format.day(subscription.startDate) },
    { key: 'validity', term: t('account.tacit.facts.validity'), value: format.period(subscription.validity) },
    subscription.renewalDate
      ? {
          key: 'renewal',
          term: t('account.tacit.facts.renewalDate'),
          value: format.day(subscription.renewalDate),
        }
      : null,
    nextBilling
      ? {
          key: 'billing',
          term: t('account.tacit.facts.nextBilling'),
          value: t('account.tacit.facts.nextBillingValue', {
            amount: format.amount(nextBilling.amount, nextBilling.currency),
            date: format.instant(nextBilling.at),
          }),
        }
      : null,
    subscription.terminatedAt
      ? {
          key: 'terminated',
          term: t('account.tacit.facts.terminatedAt'),
          value: format.instant(subscription.terminatedAt),
        }
      : null,
    subscription.endsOn
      ? { key: 'ends', term: t('account.tacit.facts.endsOn'), value: format.day(subscription.endsOn) }
      : null,
    {
      key: 'method',
      term: t('account.tacit.facts.method'),
      value: <MethodText method={subscription.paymentMethod} />,
    },
  ];
  return (
    <AccountSection id="details" title={t('account.tacit.detailsTitle')}>
      <FactList facts={facts.filter((fact): fact is Fact => fact !== null)} />
    </AccountSection>
  );
}

function StateNotice({
  subscription,
  onChooseMethod,
}: {
  subscription: SubscriptionDetail;
  onChooseMethod: () => void;
}) {
  const { t } = useTranslation();
  const format = useSubscriptionFormat();
  const blockedReason = useBlockedReasonText();
  if (subscription.status === 'BLOCKED') {
    const due = subscription.nextBilling;
    return (
      <Alert severity="error" role="none">
        <AlertTitle>{t('account.tacit.blocked.title')}</AlertTitle>
        {blockedReason(subscription.blockedReason)}{' '}
        {due
          ? t('account.tacit.blocked.whatNext', { amount: format.amount(due.amount, due.currency) })
          : t('account.tacit.blocked.whatNextNoAmount')}
        <Box sx={{ mt: 1.5 }}>
          <Button variant="contained" color="error" onClick={onChooseMethod}>
            {t('account.tacit.blocked.choose')}
          </Button>
        </Box>
      </Alert>
    );
  }
  if (subscription.status === 'TERMINATED') {
    return (
      <Alert severity="info" role="none">
        {subscription.endsOn
          ? t('account.tacit.terminatedNotice', {
              name: subscription.label,
              date: format.day(subscription.endsOn),
            })
          : t('account.tacit.terminatedNoticeNoDate')}{' '}
        {subscription.terminationReason
          ? t(`account.tacit.terminationReasons.${subscription.terminationReason}`)
          : null}
      </Alert>
    );
  }
  return null;
}

type Dialog = 'terminate' | 'change' | null;

function Subscription({ userId, subscriptionId }: { userId: number; subscriptionId: number }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const format = useSubscriptionFormat();
  const query = useQuery(subscriptionQueryOptions(client, userId, subscriptionId));
  const change = useChangeSubscription(userId, subscriptionId);
  const cardSetup = useCardSetupReturn(userId, subscriptionId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);

  // The button that opened the dialog may be gone (terminated): the keyboard goes on from the message.
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);

  if (query.isPending) {
    return (
      <Frame>
        <LinearProgress aria-label={t('common.loading')} />
      </Frame>
    );
  }
  if (query.isError) {
    return (
      <Frame>
        <FailureAlert failure={query.error} />
      </Frame>
    );
  }
  const subscription = query.data;
  const open = (next: Dialog) => {
    change.reset();
    setDone(null);
    setDialog(next);
  };
  const terminate = async () => {
    if (change.isPending) return;
    try {
      const after = await change.mutateAsync({ change: 'terminate' });
      setDialog(null);
      setDone(
        after.endsOn
          ? t('account.tacit.terminate.done', { name: after.label, date: format.day(after.endsOn) })
          : t('account.tacit.terminate.doneNoDate'),
      );
    } catch {
      // Said in the dialog.
    }
  };
  const chargeTo = async (cardId: number, label: string) => {
    if (change.isPending) return;
    const wasBlocked = subscription.status === 'BLOCKED';
    try {
      const after = await change.mutateAsync({ change: 'updateCard', cardId });
      setDialog(null);
      setDone(
        wasBlocked && after.status === 'ACTIVE'
          ? t('account.tacit.change.doneUnblocked', { label: isolatedLtr(label) })
          : t('account.tacit.change.done', { label: isolatedLtr(label) }),
      );
    } catch {
      // Said in the dialog.
    }
  };
  const running = subscription.status !== 'TERMINATED';

  return (
    <Frame title={subscription.label}>
      {/* Another change made since says what stands now. */}
      {cardSetup && !done ? (
        <Box sx={{ mb: 3 }}>
          <CardSetupNotice outcome={cardSetup} />
        </Box>
      ) : null}
      <Box ref={status} tabIndex={-1} sx={{ mb: done ? 3 : 0 }}>
        <SavedStatus message={done} />
      </Box>
      <Stack spacing={3}>
        <Box>
          <SubscriptionStatusChip status={subscription.status} />
        </Box>
        <StateNotice subscription={subscription} onChooseMethod={() => open('change')} />
        <Details subscription={subscription} />
        {running ? (
          <AccountSection
            id="manage"
            title={t('account.tacit.manageTitle')}
            intro={t('account.tacit.manageIntro')}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              <Button variant="outlined" onClick={() => open('change')}>
                {t('account.tacit.change.open')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => open('terminate')}>
                {t('account.tacit.terminate.open')}
              </Button>
            </Box>
          </AccountSection>
        ) : null}
        <AccountSection
          id="history"
          title={t('account.tacit.history.title')}
          intro={t('account.tacit.history.intro')}
        >
          <SubscriptionHistory periods={subscription.periods} />
        </AccountSection>
      </Stack>
      {running ? (
        <>
          <TerminateSubscriptionDialog
            subscription={subscription}
            open={dialog === 'terminate'}
            pending={change.isPending}
            failure={dialog === 'terminate' ? change.error : null}
            onCancel={() => setDialog(null)}
            onConfirm={() => void terminate()}
          />
          <ChangeMethodDialog
            subscription={subscription}
            userId={userId}
            open={dialog === 'change'}
            pending={change.isPending}
            failure={dialog === 'change' ? change.error : null}
            onCancel={() => setDialog(null)}
            onConfirm={(method) => void chargeTo(method.id, method.label)}
          />
        </>
      ) : null}
    </Frame>
  );
}

function TacitSubscription() {
  const ticket = useSessionTicket();
  const id = subscriptionIdOf(useParams().id);
  // The loader's guard let only a signed-in customer in.
  if (!ticket) return null;
  // SUB-05: an address naming no subscription is one not found.
  if (id === null)
    return (
      <Frame>
        <FailureAlert failure={new AppError('SUBSCRIPTION_NOT_FOUND')} />
      </Frame>
    );
  return <Subscription key={id} userId={ticket.userId} subscriptionId={id} />;
}

export function Component() {
  const { offered } = useLoaderData<typeof loader>();
  if (!offered) return <NotFoundPage />;
  return (
    <WithSession>
      <TacitSubscription />
    </WithSession>
  );
}
