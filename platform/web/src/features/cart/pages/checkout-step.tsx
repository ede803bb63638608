// /cart/checkout, /cart/collect and /cart/invite-login, behind their guard (ROUTE-04). The steps
// themselves (customer info, click and collect, payment) come later: until then each says so,
// and no payment is asked for or pretended.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { paths } from '../../../config/paths.ts';
import type { CartStep } from '../cart-steps.ts';

const TITLES = {
  checkout: 'cart.later.checkout',
  collect: 'cart.later.collect',
  'invite-login': 'cart.later.inviteLogin',
} as const satisfies Record<CartStep, string>;

export default function CheckoutStep({ step }: { step: CartStep }) {
  const { t } = useTranslation();
  const title = t(TITLES[step]);
  usePageTitle(title);
  return (
    <Box
      component="section"
      sx={{ maxWidth: 720, mx: 'auto', px: 2, py: { xs: 3, sm: 5 }, display: 'grid', gap: 3 }}
    >
      <Typography variant="h1" component="h1">
        {title}
      </Typography>
      <Typography>{t('cart.later.text')}</Typography>
      <Box>
        <Button component={LocaleLink} to={paths.cart} variant="outlined">
          {t('cart.later.back')}
        </Button>
      </Box>
    </Box>
  );
}
