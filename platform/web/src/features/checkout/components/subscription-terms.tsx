// Before paying for a tacit subscription (decision 0043), what it commits to: the method paid with
// is saved and charged every period at the catalogue price until the subscription is terminated,
// each renewal announced by email first. Nothing shows for a cart without one.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { cartLinesOf } from '@transit-shop/flows/cart/cart-selectors';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useCart } from '../../../lib/cart/use-cart.tsx';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import { lineRenewalIntervalOf } from '../../../lib/subscriptions/subscription-offer.ts';

/** Whether the cart holds a tacit subscription (CART-07: then alone). */
export function useCartSubscribes(): boolean {
  return useCart((snapshot) => cartLinesOf(snapshot).some((line) => lineRenewalIntervalOf(line) !== null))
    .selected;
}

export function SubscriptionTerms() {
  const { t } = useTranslation();
  const titleId = useId();
  const formatPrice = useFormatPrice(useBootstrap().network.currency);
  const { selected: lines } = useCart(cartLinesOf);
  const line = lines.find((candidate) => lineRenewalIntervalOf(candidate) !== null);
  const interval = line ? lineRenewalIntervalOf(line) : null;
  if (!line || !interval) return null;
  // A renewal is charged at the catalogue price of the day, for as many as were bought.
  const amount = (line.item.shopItemPromoPrice ?? line.item.shopItemPrice) * line.quantity;
  const every = t(`subscriptions.every.${interval}`);
  return (
    // Said with the page, not announced as it changes: a region named by its heading.
    <Alert severity="info" role="region" aria-labelledby={titleId}>
      <AlertTitle id={titleId} component="h2" sx={{ typography: 'h6' }}>
        {t('checkout.subscription.title', { every })}
      </AlertTitle>
      {t('checkout.subscription.terms', { every, amount: formatPrice(amount), name: line.item.name })}
    </Alert>
  );
}
