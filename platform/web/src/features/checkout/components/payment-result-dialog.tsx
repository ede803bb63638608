// PAY-03: the outcome of the payment as the server knows it, in a dialog: confirmed (the cart is
// emptied; the invoices and orders are in the account, or the invoice is emailed to a guest),
// pending (a SEPA direct debit awaiting the bank's confirmation), failed or refused, and cancelled,
// the last two with a new attempt while the cart still holds the lines. Read from the order's
// reference in another tab or on another device, a guest's invoice email is given as the server
// hides it (decision 0021).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { CheckoutSnapshot } from '@transit-shop/flows/checkout/checkout.machine';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { OrderTickets, orderTicketFields } from '../../../components/order-tickets.tsx';
import { paths } from '../../../config/paths.ts';
import { useFormatInstant } from '../../../lib/tickets/format-instant.ts';
import { useCheckoutCan, useCheckoutSelector, useCheckoutSend } from '../hooks/use-checkout.tsx';
import { useCheckoutErrorText } from '../hooks/use-checkout-error-text.ts';

type Outcome = 'confirmed' | 'pending' | 'failed' | 'cancelled';

/** A sentence with an email address in it, the address kept left to right in a right-to-left sentence. */
function withAddressIsolated(sentence: string, email: string): ReactNode {
  const at = sentence.indexOf(email);
  if (at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      <bdi dir="ltr">{email}</bdi>
      {sentence.slice(at + email.length)}
    </>
  );
}

function outcomeOf(snapshot: CheckoutSnapshot): Outcome | null {
  for (const outcome of ['confirmed', 'pending', 'failed', 'cancelled'] as const) {
    if (snapshot.matches(outcome)) return outcome;
  }
  return null;
}

export function PaymentResultDialog() {
  const { t } = useTranslation();
  const send = useCheckoutSend();
  const errorText = useCheckoutErrorText();
  const titleId = useId();
  const textId = useId();
  const outcome = useCheckoutSelector(outcomeOf);
  const orderId = useCheckoutSelector((snapshot) => snapshot.context.orderId);
  const error = useCheckoutSelector((snapshot) => snapshot.context.error);
  const guestEmail = useCheckoutSelector(({ context }) =>
    context.customer?.kind === 'guest'
      ? context.customer.invoiceEmail
      : context.outcome?.guest
        ? context.outcome.invoiceEmailHint
        : null,
  );
  const ticketFields = useCheckoutSelector(({ context }) => orderTicketFields(context.outcome));
  // Decision 0039: the order another tab paid for this cart, with when it was placed.
  const paidElsewhere = useCheckoutSelector(({ context }) => context.paidElsewhere);
  const placedAt = useCheckoutSelector(({ context }) => context.outcome?.createdAt ?? null);
  const formatInstant = useFormatInstant();
  const canRetry = useCheckoutCan({ type: 'RETRY' });
  const taken = outcome === 'confirmed' || outcome === 'pending';
  return (
    <Dialog
      open={outcome !== null}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      {outcome ? (
        <>
          <DialogTitle id={titleId}>
            {taken && paidElsewhere
              ? t('checkout.result.paidElsewhere.title')
              : t(`checkout.result.${outcome}.title`)}
          </DialogTitle>
          <DialogContent>
            <DialogContentText id={textId}>
              {taken && paidElsewhere
                ? t('checkout.result.paidElsewhere.text', {
                    number: orderId ?? '',
                    when: placedAt ? formatInstant(placedAt) : '',
                  })
                : taken
                  ? t(`checkout.result.${outcome}.text`, { number: orderId ?? '' })
                  : (errorText(error) ?? t(`checkout.result.${outcome}.text`))}
            </DialogContentText>
            {taken ? (
              <DialogContentText sx={{ mt: 2 }}>
                {guestEmail
                  ? withAddressIsolated(t('checkout.result.guestInvoice', { email: guestEmail }), guestEmail)
                  : t('checkout.result.accountInvoice')}
              </DialogContentText>
            ) : null}
            {outcome === 'confirmed' ? <OrderTickets {...ticketFields} /> : null}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {taken ? (
              <>
                <Button component={LocaleLink} to={paths.home}>
                  {t('checkout.result.backHome')}
                </Button>
                {guestEmail ? null : (
                  <Button component={LocaleLink} to={paths.accountInvoices} variant="contained">
                    {t('checkout.result.invoices')}
                  </Button>
                )}
              </>
            ) : (
              <>
                <Button component={LocaleLink} to={paths.cart} variant={canRetry ? 'text' : 'contained'}>
                  {t('checkout.backToCart')}
                </Button>
                {canRetry ? (
                  <Button variant="contained" onClick={() => send({ type: 'RETRY' })} autoFocus>
                    {t('checkout.result.retry')}
                  </Button>
                ) : null}
              </>
            )}
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
