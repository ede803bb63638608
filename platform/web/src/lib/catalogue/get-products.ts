// Products/getProducts.json, the product list (type 2, CAT-06): the network's catalogue in the page's
// language, cached (API-06) and shared by the shop's listing and the product page, which read it
// through the sdk's hiding rules (catalogue-viewer.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type CatalogueAnswer,
  getProductsCall,
  productListPayload,
} from '@transit-shop/sdk/contract/catalogue';
import type { Locale } from '@transit-shop/sdk/locales';
import { type TicketClient, useApiClient } from '../api-client.ts';
import { useBootstrap } from '../bootstrap-context.tsx';
import { useLocale } from '../use-locale.ts';

/** Spec 02 §9: GET answers are reused for 5 minutes. */
const CATALOGUE_STALE_MS = 5 * 60_000;

export function getProducts(
  client: TicketClient,
  locale: Locale,
  signal?: AbortSignal,
): Promise<CatalogueAnswer> {
  return client.call(getProductsCall, productListPayload(locale), signal ? { signal } : {});
}

/** The catalogue's place in the query cache (the server's render puts it there too). */
export const productsQueryKey = (networkId: number, locale: Locale) =>
  ['catalogue', 'products', networkId, locale] as const;

export const getProductsQueryOptions = (client: TicketClient, networkId: number, locale: Locale) =>
  queryOptions({
    queryKey: productsQueryKey(networkId, locale),
    queryFn: ({ signal }) => getProducts(client, locale, signal),
    staleTime: CATALOGUE_STALE_MS,
  });

/** The catalogue in the page's language. */
export function useProducts() {
  const client = useApiClient();
  const { network } = useBootstrap();
  return useQuery(getProductsQueryOptions(client, network.id, useLocale()));
}
