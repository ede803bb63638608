// The shop's filters (CAT-04) live in the address (?category=2&mode=APP&rate=youth), so a filtered
// listing can be shared and the back button undoes nothing it should not; a value the address holds
// that the listing does not offer counts as no filter.
import {
  DISTRIBUTION_MODES,
  type DistributionMode,
  type ShopFilters,
} from '@transit-shop/sdk/catalogue/shop-listing';
import { useSearchParams } from 'react-router';

export type ActiveShopFilters = {
  productTypeIndex: number | null;
  mode: DistributionMode | null;
  rate: string | null;
};

const PARAMS = { productTypeIndex: 'category', mode: 'mode', rate: 'rate' } as const;

function readFilters(params: URLSearchParams): ActiveShopFilters {
  const category = params.get(PARAMS.productTypeIndex);
  const mode = params.get(PARAMS.mode);
  return {
    productTypeIndex: category && /^\d+$/.test(category) ? Number(category) : null,
    mode: (DISTRIBUTION_MODES as readonly string[]).includes(mode ?? '') ? (mode as DistributionMode) : null,
    rate: params.get(PARAMS.rate) || null,
  };
}

export function useShopFilters(): [ActiveShopFilters, (next: ShopFilters) => void] {
  const [params, setParams] = useSearchParams();
  const change = (next: ShopFilters) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [key, param] of Object.entries(PARAMS)) {
          const value = next[key as keyof ShopFilters];
          if (value === undefined) continue;
          if (value === null) updated.delete(param);
          else updated.set(param, String(value));
        }
        return updated;
      },
      // A filter is a view of the same page: no history entry each, and the page stays where it is.
      { replace: true, preventScrollReset: true },
    );
  };
  return [readFilters(params), change];
}
