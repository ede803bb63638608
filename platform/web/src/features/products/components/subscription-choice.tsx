// One period or a tacit subscription (decision 0043), asked only where the network sells
// subscriptions and the item allows one: two radios, one period chosen until the buyer picks the
// subscription, whose label says what it commits to (renewed every period at the catalogue price
// until terminated). A subscription is kept in an account: a visitor or a guest is told so, with
// the way to sign in and come back.
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { RenewalInterval } from '@transit-shop/sdk/contract/catalogue';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';

function Choice({ title, hint }: { title: string; hint: string }): ReactNode {
  return (
    <>
      {title}
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
        {hint}
      </Typography>
    </>
  );
}

export function SubscriptionChoice({
  interval,
  price,
  value,
  needsAccount,
  onChange,
}: {
  interval: RenewalInterval;
  /** The price of one period today, as written for the page's language. */
  price: string;
  /** Whether the subscription is chosen. */
  value: boolean;
  /** A visitor or a guest chose it: an account is needed first. */
  needsAccount: boolean;
  onChange: (subscribe: boolean) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const location = useLocation();
  const back = new URLSearchParams({ redirect: `${location.pathname}${location.search}` });
  const every = t(`subscriptions.every.${interval}`);
  return (
    <FormControl>
      <FormLabel id={labelId}>{t('products.buying.legend')}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name="buying"
        value={value ? 'subscription' : 'once'}
        onChange={(event) => onChange(event.target.value === 'subscription')}
      >
        <FormControlLabel
          value="once"
          control={<Radio />}
          label={<Choice title={t('products.buying.once')} hint={t('products.buying.onceHint')} />}
          sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 }, mb: 1 }}
        />
        <FormControlLabel
          value="subscription"
          control={<Radio />}
          label={
            <Choice
              title={t('products.buying.subscribe')}
              hint={t('products.buying.subscribeHint', { every, price })}
            />
          }
          sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 }, mb: 1 }}
        />
      </RadioGroup>
      {needsAccount ? (
        <Alert severity="info">
          {t('products.buying.needsAccount')}{' '}
          <Link component={LocaleLink} to={`${paths.auth}?${back}`}>
            {t('products.buying.signIn')}
          </Link>
        </Alert>
      ) : null}
    </FormControl>
  );
}
