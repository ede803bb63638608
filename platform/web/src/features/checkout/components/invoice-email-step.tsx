// /cart/invoice-email: the email a guest's invoice is sent to (CHK-07), checked by the machine
// (VAL-03); its error is tied to the field. Once refused, the email is checked again as it is typed
// (decision 0027): the error goes as soon as it is an address; the server's refusal of the email it
// was given goes once the email changes.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { invoiceEmailIssueOf } from '@transit-shop/sdk/checkout/checkout-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckoutCan, useCheckoutSelector, useCheckoutSend } from '../hooks/use-checkout.tsx';
import { useCheckoutErrorText } from '../hooks/use-checkout-error-text.ts';
import { StepError } from './step-error.tsx';

const isFieldError = (error: string) => error.startsWith('validation.') || error === 'INVOICE_EMAIL_MISSING';

export function InvoiceEmailStep() {
  const { t } = useTranslation();
  const send = useCheckoutSend();
  const errorText = useCheckoutErrorText();
  const saved = useCheckoutSelector((snapshot) =>
    snapshot.context.customer?.kind === 'guest' ? snapshot.context.customer.invoiceEmail : '',
  );
  const error = useCheckoutSelector((snapshot) => snapshot.context.error);
  const canBack = useCheckoutCan({ type: 'BACK' });
  const [email, setEmail] = useState(saved);
  // A rule's refusal is checked again as the email is typed; the server's stays until it changes.
  const issue =
    error === null || !isFieldError(error)
      ? null
      : !error.startsWith('validation.') && email.trim() === saved
        ? error
        : invoiceEmailIssueOf(email);
  const fieldError = issue === null ? null : errorText(issue);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT_INVOICE_EMAIL', email });
      }}
    >
      <Typography sx={{ mb: 2 }}>{t('checkout.invoiceEmail.intro')}</Typography>
      <StepError skip={isFieldError} />
      <TextField
        fullWidth
        required
        type="text"
        inputMode="email"
        name="email"
        autoComplete="email"
        label={t('checkout.invoiceEmail.label')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldError !== null}
        helperText={fieldError ?? t('checkout.invoiceEmail.hint')}
      />
      <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained">
          {t('checkout.continue')}
        </Button>
        {canBack ? (
          <Button variant="text" onClick={() => send({ type: 'BACK' })}>
            {t('checkout.back')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
