// What a shop item is: its category and name, description, price (a promotion beside the usual
// price), how long it is valid, how it is paid, whether it is also sold as a tacit subscription (only
// where the network sells them: nothing else promises a renewal), who may travel on it and the
// documents its fare asks for (validated in about two days, DOC-04).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PivotType } from '@transit-shop/sdk/contract/catalogue';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import { subscriptionIntervalOf } from '../../../lib/subscriptions/subscription-offer.ts';
import type { ListedShopItem } from '../hooks/use-shop-item.ts';

const UNITS: Record<PivotType, 'day' | 'week' | 'month'> = {
  DAY_PIVOT: 'day',
  WEEK_PIVOT: 'week',
  MONTH_PIVOT: 'month',
};

/** Read by screen readers, not shown: what a struck-through price is. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function Fact({ children }: { children: React.ReactNode }) {
  return (
    <Typography component="li" sx={{ mb: 0.5 }}>
      {children}
    </Typography>
  );
}

export function ProductFacts({ listed }: { listed: ListedShopItem }) {
  const { t, i18n } = useTranslation();
  const { item, category, answer } = listed;
  const formatPrice = useFormatPrice(answer.currency);
  const interval = subscriptionIntervalOf(item, useBootstrap().network.configuration);
  const promo = item.shopItemPromoPrice;
  const documents = answer.documentTypes.filter((type) => item.requiredDocuments.includes(type.id));
  const conditions = item.conditions;
  const validity =
    item.pivotType && item.pivotValue
      ? new Intl.NumberFormat(i18n.language, {
          style: 'unit',
          unit: UNITS[item.pivotType],
          unitDisplay: 'long',
        }).format(item.pivotValue)
      : null;
  const ages =
    conditions?.minAge != null && conditions.maxAge != null
      ? t('products.conditions.ageRange', { min: conditions.minAge, max: conditions.maxAge })
      : conditions?.minAge != null
        ? t('products.conditions.ageMin', { age: conditions.minAge })
        : conditions?.maxAge != null
          ? t('products.conditions.ageMax', { age: conditions.maxAge })
          : null;

  return (
    <Box>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
        {category.name}
      </Typography>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {item.name}
      </Typography>
      {item.description ? (
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{item.description}</Typography>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5, mb: 3 }}>
        <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 700 }}>
          {formatPrice(promo ?? item.shopItemPrice)}
        </Typography>
        {promo === null ? null : (
          <Typography component="del" sx={{ color: 'text.secondary' }}>
            <Box component="span" sx={visuallyHidden}>
              {t('products.regularPrice')}
            </Box>
            {formatPrice(item.shopItemPrice)}
          </Typography>
        )}
      </Box>
      <Box component="ul" sx={{ pl: 2.5, m: 0, mb: 3 }}>
        {validity ? (
          <Fact>{t('products.validity', { duration: validity })}</Fact>
        ) : (
          <Fact>{t('products.fromPurchase')}</Fact>
        )}
        {interval ? (
          <Fact>{t('products.subscriptionOffer', { every: t(`subscriptions.every.${interval}`) })}</Fact>
        ) : null}
        {item.installments > 1 ? (
          <Fact>{t('products.instalments', { count: item.installments })}</Fact>
        ) : null}
        {item.maxBuyAtOnce ? <Fact>{t('products.onePerOrder')}</Fact> : null}
      </Box>
      {conditions && (conditions.text || ages) ? (
        <Box component="section" aria-labelledby="product-conditions" sx={{ mb: 3 }}>
          <Typography id="product-conditions" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
            {t('products.conditions.title')}
          </Typography>
          {ages ? <Typography>{ages}</Typography> : null}
          {conditions.text ? (
            <Typography sx={{ color: 'text.secondary' }}>{conditions.text}</Typography>
          ) : null}
        </Box>
      ) : null}
      {documents.length > 0 ? (
        <Box component="section" aria-labelledby="product-documents" sx={{ mb: 3 }}>
          <Typography id="product-documents" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
            {t('products.documents.title')}
          </Typography>
          <Box component="ul" sx={{ pl: 2.5, m: 0, mb: 1 }}>
            {documents.map((document) => (
              <Typography component="li" key={document.id}>
                {document.name}
                {document.description ? (
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ display: 'block', color: 'text.secondary' }}
                  >
                    {document.description}
                  </Typography>
                ) : null}
              </Typography>
            ))}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('products.documents.delay')}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
