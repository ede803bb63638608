// /cart/invite-login, the customer info step (CHK-01): continue as a guest, log in or sign up.
// When this cart cannot be bought as a guest the button stays off and the reason is given: guest
// orders closed on this network (NET-03), an item delivered on the app that needs an account
// (CHK-03), instalments (AUTH-04), or a total above the guest maximum, both amounts shown (CHK-02).
// An unverified account (CHK-04) is told how to verify it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { guestRefusalFor } from '@transit-shop/flows/checkout/checkout-selectors';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import { useCheckoutCan, useCheckoutSelector, useCheckoutSend } from '../hooks/use-checkout.tsx';
import { useCheckoutErrorText } from '../hooks/use-checkout-error-text.ts';
import { StepError } from './step-error.tsx';

function GuestRefusal({ id }: { id: string }) {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const formatPrice = useFormatPrice(network.currency);
  const errorText = useCheckoutErrorText();
  const refusal = useCheckoutSelector(guestRefusalFor);
  const total = useCheckoutSelector((snapshot) => snapshot.context.cart.totalAmount);
  if (refusal === null) return null;
  return (
    <Alert id={id} severity="info" sx={{ mt: 2 }}>
      {refusal === 'GUEST_AMOUNT_EXCEEDED'
        ? t('checkout.customer.amountExceeded', {
            maximum: formatPrice(network.guestMaxOrderAmount),
            total: formatPrice(total),
          })
        : errorText(refusal)}
    </Alert>
  );
}

export function CustomerInfoStep() {
  const { t } = useTranslation();
  const send = useCheckoutSend();
  const refusalId = useId();
  const unverified = useCheckoutSelector((snapshot) => snapshot.matches('unverified'));
  const guestRefused = useCheckoutSelector((snapshot) => guestRefusalFor(snapshot) !== null);
  const canGuest = useCheckoutCan({ type: 'CONTINUE_AS_GUEST' });
  if (unverified) {
    return (
      <Alert severity="warning">
        <Typography sx={{ mb: 1 }}>{t('apiErrors.ACCOUNT_NOT_VERIFIED')}</Typography>
        <Link component={LocaleLink} to={paths.unverifiedAccount}>
          {t('checkout.customer.verify')}
        </Link>
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography>{t('checkout.customer.intro')}</Typography>
      <StepError skip={(error) => guestRefused && error.startsWith('GUEST_')} />
      <Paper variant="outlined" component="section" aria-labelledby={`${refusalId}-account`} sx={{ p: 3 }}>
        <Typography id={`${refusalId}-account`} variant="h2" component="h2" sx={{ typography: 'h6', mb: 1 }}>
          {t('checkout.customer.accountTitle')}
        </Typography>
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('checkout.customer.accountText')}</Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => send({ type: 'LOG_IN' })}>
            {t('checkout.customer.logIn')}
          </Button>
          <Button variant="outlined" onClick={() => send({ type: 'SIGN_UP' })}>
            {t('checkout.customer.signUp')}
          </Button>
        </Box>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby={`${refusalId}-guest`} sx={{ p: 3 }}>
        <Typography id={`${refusalId}-guest`} variant="h2" component="h2" sx={{ typography: 'h6', mb: 1 }}>
          {t('checkout.customer.guestTitle')}
        </Typography>
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>{t('checkout.customer.guestText')}</Typography>
        <Button
          variant="outlined"
          disabled={guestRefused || !canGuest}
          aria-describedby={guestRefused ? refusalId : undefined}
          onClick={() => send({ type: 'CONTINUE_AS_GUEST' })}
        >
          {t('checkout.customer.continueAsGuest')}
        </Button>
        <GuestRefusal id={refusalId} />
      </Paper>
    </Box>
  );
}
