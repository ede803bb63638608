// Charging a subscription to another of the customer's saved methods (Account/getCards.json, decision
// 0043): each listed with its kind and masked number; an expired one is marked and cannot be chosen
// (PM-02, it cannot be charged), the current one is marked. For a blocked subscription the dialog
// says first that what is due is charged at once to the method chosen. A card not saved yet is
// typed on the provider's page, which the dialog leaves for (new-card-offer.tsx).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { SavedPaymentMethodAnswer } from '@transit-shop/sdk/contract/payment-methods';
import type { SubscriptionDetail } from '@transit-shop/sdk/contract/subscriptions';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { useLocalePath } from '../../../components/locale-link.tsx';
import { useApiClient } from '../../../lib/api-client.ts';
import { isolatedLtr, savedMethodsQueryOptions } from '../../../lib/saved-methods.ts';
import { useStartCardSetup } from '../api/card-setup.ts';
import { useSubscriptionFormat } from '../hooks/use-subscription-format.ts';
import { NewCardOffer } from './new-card-offer.tsx';
import { MethodMarks, subscriptionPath } from './subscription-parts.tsx';

function MethodChoice({ method, current }: { method: SavedPaymentMethodAnswer; current: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`account.tacit.method.kinds.${method.kind}`)}{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{isolatedLtr(method.label)}</span>
      <MethodMarks method={method} />
      {current || method.expired ? (
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
          {method.expired ? t('account.tacit.change.expiredHint') : t('account.tacit.change.current')}
        </Typography>
      ) : null}
    </>
  );
}

export function ChangeMethodDialog({
  subscription,
  userId,
  open,
  pending,
  failure,
  onCancel,
  onConfirm,
}: {
  subscription: SubscriptionDetail;
  userId: number;
  open: boolean;
  pending: boolean;
  failure: unknown;
  onCancel: () => void;
  onConfirm: (method: SavedPaymentMethodAnswer) => void;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const format = useSubscriptionFormat();
  const titleId = useId();
  const introId = useId();
  const legendId = useId();
  const methods = useQuery({ ...savedMethodsQueryOptions(client, userId), enabled: open });
  const [chosen, setChosen] = useState<number | null>(null);
  const toPath = useLocalePath();
  const newCard = useStartCardSetup(subscription.id);
  // Once the provider's page is given, the browser is on its way there: nothing else is offered.
  const leaving = newCard.isPending || newCard.isSuccess;
  const busy = pending || leaving;
  const currentId = subscription.paymentMethod?.id ?? null;
  const usable = methods.data?.filter((method) => !method.expired) ?? [];
  const picked = usable.find((method) => method.id === chosen) ?? null;
  const due = subscription.nextBilling;
  const intro =
    subscription.status === 'BLOCKED'
      ? due
        ? t('account.tacit.change.blockedIntro', { amount: format.amount(due.amount, due.currency) })
        : t('account.tacit.change.blockedIntroNoAmount')
      : t('account.tacit.change.intro');

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={introId}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            setChosen(null);
            newCard.reset();
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{t('account.tacit.change.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={introId} sx={{ mb: 2 }}>
          {intro}
        </DialogContentText>
        {methods.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
        {methods.isError ? <FailureAlert failure={methods.error} /> : null}
        {methods.data && usable.length === 0 ? (
          <Alert severity="info">{t('account.tacit.change.none')}</Alert>
        ) : null}
        {methods.data && methods.data.length > 0 ? (
          <FormControl>
            <FormLabel id={legendId}>{t('account.tacit.change.legend')}</FormLabel>
            <RadioGroup
              aria-labelledby={legendId}
              name="method"
              value={picked ? String(picked.id) : ''}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {methods.data.map((method) => (
                <FormControlLabel
                  key={method.id}
                  value={String(method.id)}
                  disabled={method.expired || busy}
                  control={<Radio />}
                  label={<MethodChoice method={method} current={method.id === currentId} />}
                  sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 }, mb: 1 }}
                />
              ))}
            </RadioGroup>
          </FormControl>
        ) : null}
        <FailureAlert failure={failure} />
        <NewCardOffer
          subscription={subscription}
          disabled={busy}
          pending={newCard.isPending}
          failure={newCard.error}
          onStart={() => {
            // This subscription's page in the page's language: the provider sends the browser back there.
            if (!busy) newCard.mutate(toPath(subscriptionPath(subscription.id)));
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('account.tacit.change.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={picked === null || leaving}
          loading={pending}
          onClick={() => {
            if (picked) onConfirm(picked);
          }}
        >
          {t('account.tacit.change.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
