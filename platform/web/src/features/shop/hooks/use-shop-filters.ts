// The shop's filters (CAT-04) live in the address (?category=2&mode=APP&rate=youth), so a filtered
// listing can be shared and the back button undoes nothing it should not; a value the address holds
// that the listing does not offer counts as no filter.
import {
  DISTRIBUTION_MODES,
  type DistributionMode,
  type ShopFilters,
} from '@transit-shop/sdk/catalogue/shop-listing';
import { useRef } from 'react';
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

/**
 * The filters and their change. A change builds on the address it asked for last until the address
 * shows it: the router updates the address only once the page's loaders have run, so two changes in
 * quick succession (clear, then pick a category) would otherwise both start from the old address and
 * the second would bring back what the first removed.
 */
export function useShopFilters(): [ActiveShopFilters, (next: ShopFilters) => void] {
  const [params, setParams] = useSearchParams();
  const asked = useRef<URLSearchParams | null>(null);
  const change = (next: ShopFilters) => {
    const pending = asked.current && asked.current.toString() !== params.toString() ? asked.current : null;
    const updated = new URLSearchParams(pending ?? params);
    for (const [key, param] of Object.entries(PARAMS)) {
      const value = next[key as keyof ShopFilters];
      if (value === undefined) continue;
      if (value === null) updated.delete(param);
      else updated.set(param, String(value));
    }
    asked.current = updated;
    // A filter is a view of the same page: no history entry each, and the page stays where it is.
    setParams(updated, { replace: true, preventScrollReset: true });
  };
  return [readFilters(params), change];
}
