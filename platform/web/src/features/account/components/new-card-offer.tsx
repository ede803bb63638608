// A card not saved yet, for a subscription (Subscriptions/newCard, decision 0043): said first how
// often it renews, that the card is typed on the provider's page where nothing is charged, and what
// is charged to it once saved (what is due at once for a blocked one, a refused renewal tried again
// at once, else the next renewals); then the button that leaves for that page.
import AddCard from '@mui/icons-material/AddCard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SubscriptionDetail } from '@transit-shop/sdk/contract/subscriptions';
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { useSubscriptionFormat } from '../hooks/use-subscription-format.ts';

function useNewCardIntro(subscription: SubscriptionDetail): string {
  const { t } = useTranslation();
  const format = useSubscriptionFormat();
  const due = subscription.nextBilling;
  const retrying = subscription.periods.find((period) => period.status === 'RETRYING');
  const then =
    subscription.status === 'BLOCKED'
      ? due
        ? t('account.tacit.newCard.then.blocked', { amount: format.amount(due.amount, due.currency) })
        : t('account.tacit.newCard.then.blockedNoAmount')
      : retrying
        ? t('account.tacit.newCard.then.retry', {
            amount: format.amount(retrying.amount, retrying.currency),
          })
        : due
          ? t('account.tacit.newCard.then.next', {
              amount: format.amount(due.amount, due.currency),
              date: format.instant(due.at),
            })
          : t('account.tacit.newCard.then.nextNoAmount');
  return [
    t('account.tacit.newCard.renews', { every: t(`subscriptions.every.${subscription.renewalInterval}`) }),
    t('account.tacit.newCard.onProviderPage'),
    then,
  ].join(' ');
}

/** The refusal in words; an item not sold by card is said as such rather than as an expired method. */
function useNewCardErrorText() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (failure: unknown) =>
    isAppError(failure) && failure.code === 'SUBSCRIPTION_METHOD_NOT_USABLE'
      ? t('account.tacit.newCard.notByCard')
      : errorText(failure);
}

export function NewCardOffer({
  subscription,
  disabled,
  pending,
  failure,
  onStart,
}: {
  subscription: SubscriptionDetail;
  /** Another change is under way, or the browser is leaving for the provider's page. */
  disabled: boolean;
  pending: boolean;
  failure: unknown;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const introId = useId();
  const intro = useNewCardIntro(subscription);
  const errorText = useNewCardErrorText();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} variant="subtitle1" component="h3">
        {t('account.tacit.newCard.title')}
      </Typography>
      <Typography id={introId} variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {intro}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<AddCard />}
        aria-describedby={introId}
        loading={pending}
        disabled={disabled}
        onClick={onStart}
      >
        {t('account.tacit.newCard.open')}
      </Button>
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(failure)}
        </Alert>
      ) : null}
    </Box>
  );
}
