// CAT-04: the filters above the listing, by category, distribution mode and rate. Each offers only
// what the listing holds, and is left out when there is nothing to choose between.
import Button from '@mui/material/Button';
import type { DistributionMode, ShopFilters as Filters } from '@transit-shop/sdk/catalogue/shop-listing';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-parts.tsx';
import { ReadyControls } from '../../../components/ready-controls.tsx';
import type { ActiveShopFilters } from '../hooks/use-shop-filters.ts';

export type FilterChoices = {
  categories: readonly { productTypeIndex: number; name: string }[];
  modes: readonly DistributionMode[];
  rates: readonly { id: string; name: string }[];
};

const ANY = '';

function FilterSelect({
  label,
  value,
  anyLabel,
  options,
  onChange,
}: {
  label: string;
  value: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <FormTextField
      select
      size="small"
      margin="none"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 190, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
    >
      <option value={ANY}>{anyLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormTextField>
  );
}

export function ShopFilters({
  choices,
  filters,
  onChange,
}: {
  choices: FilterChoices;
  filters: ActiveShopFilters;
  onChange: (next: Filters) => void;
}) {
  const { t } = useTranslation();
  const active = filters.productTypeIndex !== null || filters.mode !== null || filters.rate !== null;
  return (
    <ReadyControls
      label={t('shop.filters.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}
    >
      {choices.categories.length > 1 ? (
        <FilterSelect
          label={t('shop.filters.category')}
          anyLabel={t('shop.filters.anyCategory')}
          value={filters.productTypeIndex === null ? ANY : String(filters.productTypeIndex)}
          options={choices.categories.map((category) => ({
            value: String(category.productTypeIndex),
            label: category.name,
          }))}
          onChange={(value) => onChange({ productTypeIndex: value === ANY ? null : Number(value) })}
        />
      ) : null}
      {choices.modes.length > 1 ? (
        <FilterSelect
          label={t('shop.filters.mode')}
          anyLabel={t('shop.filters.anyMode')}
          value={filters.mode ?? ANY}
          options={choices.modes.map((mode) => ({ value: mode, label: t(`shop.modes.${mode}`) }))}
          onChange={(value) => onChange({ mode: value === ANY ? null : (value as DistributionMode) })}
        />
      ) : null}
      {choices.rates.length > 1 ? (
        <FilterSelect
          label={t('shop.filters.rate')}
          anyLabel={t('shop.filters.anyRate')}
          value={filters.rate ?? ANY}
          options={choices.rates.map((rate) => ({ value: rate.id, label: rate.name }))}
          onChange={(value) => onChange({ rate: value === ANY ? null : value })}
        />
      ) : null}
      {active ? (
        <Button onClick={() => onChange({ productTypeIndex: null, mode: null, rate: null })}>
          {t('shop.filters.clear')}
        </Button>
      ) : null}
    </ReadyControls>
  );
}
