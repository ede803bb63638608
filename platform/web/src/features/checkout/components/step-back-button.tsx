// The way back from a checkout step: to the previous step when the machine takes BACK, otherwise
// (no step before this one) a link to the cart.
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useCheckoutCan, useCheckoutSend } from '../hooks/use-checkout.tsx';

export function StepBackButton({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const send = useCheckoutSend();
  const canBack = useCheckoutCan({ type: 'BACK' });
  return canBack ? (
    <Button variant="text" onClick={() => send({ type: 'BACK' })} disabled={disabled}>
      {t('checkout.back')}
    </Button>
  ) : (
    <Button component={LocaleLink} to={paths.cart} variant="text" disabled={disabled}>
      {t('checkout.backToCart')}
    </Button>
  );
}
