// The end of the purchase form: what is wrong with it (VAL-06), why the last add failed, and the
// add to the cart, or why the cart cannot take it on this page.
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, FormSummary } from '../../../components/form-parts.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';

export function AddToCartBar({
  summary,
  failure,
  available,
  disabled,
}: {
  summary: string | undefined;
  failure: unknown;
  /** Whether the app provides a cart to add to. */
  available: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const unavailableId = useId();
  // Until the page is interactive, a submit would be the browser's own, not the cart's.
  const hydrated = useHydrated();
  return (
    <>
      <FormSummary summary={summary} />
      <FailureAlert failure={failure} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={disabled || !hydrated}
        aria-describedby={available ? undefined : unavailableId}
        sx={{ mt: 3 }}
      >
        {t('products.addToCart')}
      </Button>
      {available ? null : (
        <Typography id={unavailableId} variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('products.cartUnavailable')}
        </Typography>
      )}
    </>
  );
}
