// /cart/shipping-address: where new transport cards are posted (ACC-02): the addressee's full
// name, route, postal code, city and state. The machine goes on only with all of them; an empty
// one is marked on its own field. What is typed is the machine's draft (ADDRESS_CHANGED), so a guest
// who goes back to the invoice email finds it on returning. A guest goes back to the invoice
// email; a customer signed in before the checkout, to the cart.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShippingAddress } from '@transit-shop/flows/checkout/checkout.machine';
import { useTranslation } from 'react-i18next';
import { useCheckoutSelector, useCheckoutSend } from '../hooks/use-checkout.tsx';
import { StepBackButton } from './step-back-button.tsx';
import { StepError } from './step-error.tsx';

const FIELDS = [
  { name: 'fullname', autoComplete: 'name', size: 12 },
  { name: 'addressRoute', autoComplete: 'street-address', size: 12 },
  { name: 'addressPostalCode', autoComplete: 'postal-code', size: 4 },
  { name: 'addressCity', autoComplete: 'address-level2', size: 8 },
  { name: 'addressState', autoComplete: 'address-level1', size: 12 },
] as const satisfies readonly { name: keyof ShippingAddress; autoComplete: string; size: number }[];

const EMPTY: ShippingAddress = {
  fullname: '',
  addressRoute: '',
  addressPostalCode: '',
  addressCity: '',
  addressState: '',
};

export function ShippingAddressStep() {
  const { t } = useTranslation();
  const send = useCheckoutSend();
  const address = useCheckoutSelector((snapshot) => snapshot.context.shippingAddress) ?? EMPTY;
  const refused = useCheckoutSelector((snapshot) => snapshot.context.error !== null);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SUBMIT_ADDRESS', address });
      }}
    >
      <Typography sx={{ mb: 2 }}>{t('checkout.address.intro')}</Typography>
      <StepError />
      <Grid container spacing={2}>
        {FIELDS.map((field) => {
          const missing = refused && address[field.name].trim() === '';
          return (
            <Grid key={field.name} size={{ xs: 12, sm: field.size }}>
              <TextField
                fullWidth
                required
                name={field.name}
                autoComplete={field.autoComplete}
                label={t(`checkout.address.${field.name}`)}
                value={address[field.name]}
                onChange={(event) =>
                  send({ type: 'ADDRESS_CHANGED', address: { ...address, [field.name]: event.target.value } })
                }
                error={missing}
                {...(missing ? { helperText: t('validation.required') } : {})}
              />
            </Grid>
          );
        })}
      </Grid>
      <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained">
          {t('checkout.continue')}
        </Button>
        <StepBackButton />
      </Box>
    </Box>
  );
}
