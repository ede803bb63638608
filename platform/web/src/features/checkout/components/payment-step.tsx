// /cart/checkout, the payment step (PAY-01, PAY-02, PAY-04): the number of instalments among those
// offered, the method (a card, or a SEPA direct debit where the network and the cart allow it, and
// a customer's saved methods), and, before paying, each debit's date and amount and the total
// (Order/computeAmount.json), and for a tacit subscription what it commits to (decision 0043). Pay
// places the order once (one order key however many clicks) and the browser goes to the provider's
// page: no card number or IBAN is ever typed in the shop. Lines bought minutes ago are placed again
// only once the buyer says so; the outcome of an order placed shows in place of the form (decision
// 0021).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  amountToPayFor,
  installmentOptionsFor,
  paymentMethodOptionsFor,
  savedMethodOptionsFor,
} from '@transit-shop/flows/checkout/checkout-selectors';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import { showsOrderOutcome } from '../checkout-steps.ts';
import { useCheckoutCan, useCheckoutSelector, useCheckoutSend } from '../hooks/use-checkout.tsx';
import { useCheckoutErrorText } from '../hooks/use-checkout-error-text.ts';
import { AmountSummary } from './amount-summary.tsx';
import { LineCards } from './line-cards.tsx';
import { OrderOutcome } from './order-outcome.tsx';
import { RepeatOrderDialog } from './repeat-order-dialog.tsx';
import { StepBackButton } from './step-back-button.tsx';
import { SubscriptionTerms, useCartSubscribes } from './subscription-terms.tsx';

const sameList = <T,>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** A legend styled as a heading stays so while a radio inside has the focus (MUI colours it primary). */
const LEGEND_SX = { typography: 'h6', color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } };

const BUSY_STATES = ['placingOrder', 'redirecting', 'awaitingProvider', 'confirming'] as const;

function useFormatDay() {
  const { i18n } = useTranslation();
  // Due dates are calendar days: read and written in UTC so no time zone moves them.
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

function Schedule() {
  const { t } = useTranslation();
  const amount = useCheckoutSelector(amountToPayFor);
  const formatDay = useFormatDay();
  const formatPrice = useFormatPrice(amount?.currency ?? 'EUR');
  const send = useCheckoutSend();
  // No amount outside a computation: the last one failed (its error is shown above); ask again.
  const canRecompute = useCheckoutCan({ type: 'RECOMPUTE' });
  if (!amount) {
    return canRecompute ? (
      <Box>
        <Button variant="outlined" onClick={() => send({ type: 'RECOMPUTE' })}>
          {t('checkout.payment.recompute')}
        </Button>
      </Box>
    ) : (
      <LinearProgress aria-label={t('checkout.payment.computing')} />
    );
  }
  const debits = amount.schedule.map((debit, index) => ({
    key: debit.dueDate,
    label:
      index === 0
        ? t('checkout.payment.firstDebit', { date: formatDay(debit.dueDate) })
        : t('checkout.payment.laterDebit', { number: index + 1, date: formatDay(debit.dueDate) }),
    amount: formatPrice(debit.amount),
  }));
  const discount =
    amount.discountAmount > 0
      ? [
          {
            key: 'discount',
            label: t('checkout.payment.discount'),
            amount: formatPrice(-amount.discountAmount),
            secondary: true,
          },
        ]
      : [];
  return (
    <AmountSummary
      title={t('checkout.payment.scheduleTitle')}
      rows={[...debits, ...discount]}
      total={formatPrice(amount.totalAmount)}
    />
  );
}

function Choices() {
  const { t } = useTranslation();
  const send = useCheckoutSend();
  const instalmentsLabel = useId();
  const methodLabel = useId();
  const counts = useCheckoutSelector(installmentOptionsFor, sameList);
  const methods = useCheckoutSelector(paymentMethodOptionsFor, sameList);
  const saved = useCheckoutSelector(savedMethodOptionsFor, sameList);
  const installments = useCheckoutSelector((snapshot) => snapshot.context.installments);
  const method = useCheckoutSelector((snapshot) => snapshot.context.paymentMethod);
  const savedId = useCheckoutSelector((snapshot) => snapshot.context.savedMethodId);
  const saveMethod = useCheckoutSelector((snapshot) => snapshot.context.saveMethod);
  const customer = useCheckoutSelector((snapshot) => snapshot.context.customer?.kind === 'customer');
  const busy = useCheckoutSelector((snapshot) => BUSY_STATES.some((state) => snapshot.matches(state)));
  // A subscription's method is saved whatever is ticked: its renewals are charged to it.
  const subscribes = useCartSubscribes();
  const choice = savedId === null ? method : `saved:${savedId}`;
  return (
    <>
      <FormControl component="fieldset" disabled={busy}>
        <FormLabel component="legend" id={instalmentsLabel} sx={LEGEND_SX}>
          {t('checkout.payment.installments')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={instalmentsLabel}
          name="installments"
          row
          value={String(installments)}
          onChange={(event) => send({ type: 'CHOOSE_INSTALLMENTS', count: Number(event.target.value) })}
        >
          {counts.map((count) => (
            <FormControlLabel
              key={count}
              value={String(count)}
              control={<Radio />}
              label={
                count === 1
                  ? t('checkout.payment.installmentOne')
                  : t('checkout.payment.installmentCount', { count })
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl component="fieldset" disabled={busy}>
        <FormLabel component="legend" id={methodLabel} sx={LEGEND_SX}>
          {t('checkout.payment.method')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={methodLabel}
          name="method"
          value={choice}
          onChange={(event) => {
            const value = event.target.value;
            if (value.startsWith('saved:')) {
              const id = Number(value.slice('saved:'.length));
              const kept = saved.find((entry) => entry.id === id);
              if (kept) send({ type: 'CHOOSE_PAYMENT_METHOD', method: kept.method, savedMethodId: id });
            } else
              send({
                type: 'CHOOSE_PAYMENT_METHOD',
                method: value as 'CARD' | 'TRANSFER',
                savedMethodId: null,
              });
          }}
        >
          {saved.map((entry) => (
            <FormControlLabel
              key={entry.id}
              value={`saved:${entry.id}`}
              control={<Radio />}
              label={t(`checkout.payment.saved.${entry.method}`, { label: entry.label })}
            />
          ))}
          {methods.map((entry) => (
            <FormControlLabel
              key={entry}
              value={entry}
              control={<Radio />}
              label={t(`checkout.payment.methods.${entry}`)}
            />
          ))}
        </RadioGroup>
        {customer && savedId === null && !subscribes ? (
          <FormControlLabel
            control={
              <Checkbox
                checked={saveMethod}
                onChange={(event) => send({ type: 'SAVE_METHOD_CHANGED', save: event.target.checked })}
              />
            }
            label={t('checkout.payment.saveMethod')}
          />
        ) : null}
      </FormControl>
    </>
  );
}

export function PaymentStep() {
  const { t } = useTranslation();
  const send = useCheckoutSend();
  const errorText = useCheckoutErrorText();
  const canPay = useCheckoutCan({ type: 'PAY' });
  const busy = useCheckoutSelector((snapshot) => BUSY_STATES.some((state) => snapshot.matches(state)));
  const backToCart = useCheckoutSelector((snapshot) => snapshot.matches('backToCart'));
  const error = useCheckoutSelector((snapshot) => snapshot.context.error);
  const showingOrder = useCheckoutSelector(showsOrderOutcome);
  if (showingOrder) return <OrderOutcome />;
  if (backToCart) {
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Alert severity="error">{errorText(error)}</Alert>
        <Button component={LocaleLink} to={paths.cart} variant="contained">
          {t('checkout.backToCart')}
        </Button>
      </Box>
    );
  }
  return (
    <Box
      component="form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'PAY' });
      }}
      sx={{ display: 'grid', gap: 3 }}
    >
      {error !== null ? <Alert severity="error">{errorText(error)}</Alert> : null}
      <Choices />
      <LineCards />
      <Schedule />
      <SubscriptionTerms />
      <Typography sx={{ color: 'text.secondary' }}>{t('checkout.payment.providerNotice')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="large" disabled={!canPay} loading={busy}>
          {t('checkout.payment.pay')}
        </Button>
        <StepBackButton disabled={busy} />
      </Box>
      <RepeatOrderDialog />
    </Box>
  );
}
