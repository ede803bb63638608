// One shop item of the listing: its name (the link to its product page, stretched over the card so
// the whole card answers a click), description, badges and price; a promotion shows the usual price
// struck through beside the price charged.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { distributionModesOf } from '@transit-shop/sdk/catalogue/shop-listing';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { DistributionBadges } from './distribution-badges.tsx';

/** The address of a shop item's product page. */
export const productPath = (shopItemId: number) => `/products/${shopItemId}`;

/** Read by screen readers, not shown: what a struck-through price is. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function ShopItemCard({
  item,
  formatPrice,
}: {
  item: ShopItem;
  formatPrice: (amount: number) => string;
}) {
  const { t } = useTranslation();
  const promo = item.shopItemPromoPrice;
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        p: 2,
        height: '100%',
        transition: 'border-color 120ms',
        '&:hover, &:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <Typography variant="h3" component="h4" sx={{ fontSize: '1.1rem' }}>
        <Link
          component={LocaleLink}
          to={productPath(item.shopItemId)}
          color="inherit"
          underline="hover"
          sx={{
            // The link covers the card; its focus ring is drawn around the card.
            '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
            '&:focus-visible': { outline: 'none' },
            '&:focus-visible::after': {
              outline: '3px solid',
              outlineColor: 'primary.main',
              outlineOffset: 2,
            },
          }}
        >
          {item.name}
        </Link>
      </Typography>
      {item.description ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {item.description}
        </Typography>
      ) : null}
      <DistributionBadges modes={distributionModesOf(item)} />
      <Box sx={{ mt: 'auto', display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1 }}>
        <Typography component="p" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {formatPrice(promo ?? item.shopItemPrice)}
        </Typography>
        {promo === null ? null : (
          <Typography component="del" variant="body2" sx={{ color: 'text.secondary' }}>
            <Box component="span" sx={visuallyHidden}>
              {t('shop.regularPrice')}
            </Box>
            {formatPrice(item.shopItemPrice)}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
