// The shop (spec 01 §2 "Shop"), under the home page's welcome: the network's products by category,
// as the sdk's listing rules leave them for this visitor (CAT-01..03, CHK-03), narrowed by the
// filters (CAT-04), or the no-products page when nothing is for sale (CAT-05). Loaded after the
// first paint (decision 0005): the home page imports it lazily.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  DISTRIBUTION_MODES,
  distributionModesOf,
  filterListing,
  hasNoProducts,
  shopListing,
} from '@transit-shop/sdk/catalogue/shop-listing';
import type { CatalogueAnswer } from '@transit-shop/sdk/contract/catalogue';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueViewer } from '../../../lib/catalogue/catalogue-viewer.ts';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import { useProducts } from '../../../lib/catalogue/get-products.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { useShopFilters } from '../hooks/use-shop-filters.ts';
import { NoProducts } from './no-products.tsx';
import { type FilterChoices, ShopFilters } from './shop-filters.tsx';
import { ShopItemCard } from './shop-item-card.tsx';

function ShopFrame({ headingId, children }: { headingId: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ mb: 2 }}>
        {t('shop.title')}
      </Typography>
      {children}
    </Box>
  );
}

function Catalogue({ answer }: { answer: CatalogueAnswer }) {
  const { t } = useTranslation();
  const headingId = useId();
  const viewer = useCatalogueViewer();
  const [filters, setFilters] = useShopFilters();
  const formatPrice = useFormatPrice(answer.currency);
  const listing = useMemo(() => shopListing(answer.categories, viewer), [answer, viewer]);
  const choices = useMemo((): FilterChoices => {
    const items = listing.flatMap((category) => category.shopItems);
    const modes = new Set(items.flatMap(distributionModesOf));
    const rates = new Set(items.map((item) => item.rate));
    return {
      categories: listing,
      modes: DISTRIBUTION_MODES.filter((mode) => modes.has(mode)),
      rates: answer.rates.filter((rate) => rates.has(rate.id)),
    };
  }, [listing, answer.rates]);

  if (hasNoProducts(listing)) return <NoProducts />;
  // A filter value the listing does not hold (an old shared address) filters nothing.
  const applied = {
    productTypeIndex: choices.categories.some((c) => c.productTypeIndex === filters.productTypeIndex)
      ? filters.productTypeIndex
      : null,
    mode: filters.mode && choices.modes.includes(filters.mode) ? filters.mode : null,
    rate: choices.rates.some((rate) => rate.id === filters.rate) ? filters.rate : null,
  };
  const shown = filterListing(listing, applied);
  const count = shown.reduce((sum, category) => sum + category.shopItems.length, 0);

  return (
    <ShopFrame headingId={headingId}>
      <ShopFilters choices={choices} filters={applied} onChange={setFilters} />
      <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {count === 0 ? t('shop.noMatch') : t('shop.count', { count })}
      </Typography>
      {shown.map((category) => (
        <Box
          key={category.productTypeIndex}
          component="section"
          aria-labelledby={`${headingId}-${category.productTypeIndex}`}
          sx={{ mb: 4 }}
        >
          <Typography
            id={`${headingId}-${category.productTypeIndex}`}
            variant="h3"
            component="h3"
            sx={{ mb: category.description ? 0.5 : 1.5 }}
          >
            {category.name}
          </Typography>
          {category.description ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
              {category.description}
            </Typography>
          ) : null}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, minmax(0, 1fr))',
                md: 'repeat(3, minmax(0, 1fr))',
              },
              gap: 2,
            }}
          >
            {category.shopItems.map((item) => (
              <ShopItemCard key={item.shopItemId} item={item} formatPrice={formatPrice} />
            ))}
          </Box>
        </Box>
      ))}
    </ShopFrame>
  );
}

function Shop() {
  const { t } = useTranslation();
  const headingId = useId();
  const products = useProducts();
  if (products.data) return <Catalogue answer={products.data} />;
  return (
    <ShopFrame headingId={headingId}>
      {products.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void products.refetch()}>
              {t('shop.retry')}
            </Button>
          }
        >
          {t('shop.loadFailed')}
        </Alert>
      ) : (
        <CircularProgress aria-label={t('shop.loading')} />
      )}
    </ShopFrame>
  );
}

export default function ShopListing() {
  return (
    <WithSession>
      <Shop />
    </WithSession>
  );
}
