// How the ticket is delivered (spec 01 §2 "choose the support", WAL-02): on the phone app, on a
// transport card, or collected at an agency for an item sold by click and collect. Only the supports
// offered to this visitor are listed (CAT-03, CHK-03); a single one is stated, not asked.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { isCollectArticle } from '@transit-shop/sdk/checkout/checkout-rules';
import type { ShopItem, Support } from '@transit-shop/sdk/contract/catalogue';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type Delivery = 'DEMATERIALIZED' | 'PHYSICAL' | 'COLLECT';

/** CHK-05: a PHYSICAL article of a click-and-collect item is picked up at an agency. */
const deliveryOf = (item: Pick<ShopItem, 'tags'>, support: Support): Delivery =>
  isCollectArticle({ item, support }) ? 'COLLECT' : support;

function SupportLabel({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`products.support.${delivery}`)}
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
        {t(`products.support.${delivery}Hint`)}
      </Typography>
    </>
  );
}

export function SupportChoice({
  item,
  supports,
  value,
  onChange,
}: {
  item: Pick<ShopItem, 'tags'>;
  supports: readonly Support[];
  value: Support;
  onChange: (support: Support) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  if (supports.length === 1) {
    return (
      <div>
        <Typography id={labelId} component="p" sx={{ color: 'text.secondary', mb: 0.5 }}>
          {t('products.support.legend')}
        </Typography>
        <Typography aria-describedby={labelId} component="div">
          <SupportLabel delivery={deliveryOf(item, value)} />
        </Typography>
      </div>
    );
  }
  return (
    <FormControl>
      <FormLabel id={labelId}>{t('products.support.legend')}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name="support"
        value={value}
        onChange={(event) => onChange(event.target.value as Support)}
      >
        {supports.map((support) => (
          <FormControlLabel
            key={support}
            value={support}
            control={<Radio />}
            label={<SupportLabel delivery={deliveryOf(item, support)} />}
            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.5 }, mb: 1 }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
