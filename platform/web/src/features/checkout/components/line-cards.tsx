// Before paying, where the tickets bought on a transport card go: each line that names one of the
// customer's cards (mediaId), with the card's number. Lines on a new card are posted (the shipping
// address step) and are not listed here.
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { cartLinesOf } from '@transit-shop/flows/cart/cart-selectors';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCart } from '../../../lib/cart/use-cart.tsx';
import { useLineCardNumber } from '../../../lib/transport-cards/line-card.ts';

export function LineCards() {
  const { t } = useTranslation();
  const headingId = useId();
  const { selected: lines } = useCart(cartLinesOf);
  const cardNumberOf = useLineCardNumber(lines.map((line) => line.mediaId));
  const onCards = lines.filter((line) => line.mediaId !== null);
  if (onCards.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ typography: 'h6', mb: 1 }}>
        {t('checkout.lineCards.title')}
      </Typography>
      <List disablePadding>
        {onCards.map((line) => {
          const number = line.mediaId === null ? null : cardNumberOf(line.mediaId);
          return (
            <ListItem key={line.id} disableGutters sx={{ display: 'block', py: 0.5 }}>
              {number
                ? t('checkout.lineCards.onCard', { name: line.item.name, number })
                : t('checkout.lineCards.onHeldCard', { name: line.item.name })}
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
