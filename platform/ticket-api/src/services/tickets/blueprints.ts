// wallet/blueprints (decision 0030): each fare product's design, its colours from the network's
// theme (the light scheme's primary for the face, secondary for the accent).
import type { Blueprint } from '@transit-shop/sdk/contract/wallet';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { fareNameOf } from './contract-name.ts';

const FACES: Record<Blueprint['kind'], Blueprint['face']> = {
  PERIOD: ['NETWORK', 'PRODUCT', 'TRAVELLER', 'VALIDITY', 'CODE'],
  JOURNEYS: ['NETWORK', 'PRODUCT', 'TRAVELLER', 'VALIDITY', 'JOURNEYS', 'CODE'],
  DAY: ['NETWORK', 'PRODUCT', 'TRAVELLER', 'VALIDITY', 'CODE'],
  MEDIUM: ['NETWORK', 'PRODUCT'],
};

/** The designs of the network's fare products that issue a contract (`productIds` keeps some). */
export function blueprintsOf(options: {
  network: LoadedNetwork;
  productIds: readonly number[] | undefined;
  lang: Locale | undefined;
}): Blueprint[] {
  const { network } = options;
  const fallback = network.network.config.defaultLanguage;
  const scheme = network.theme.colorSchemes.light;
  const colors = {
    background: scheme.primary.main,
    text: scheme.primary.contrastText,
    accent: scheme.secondary.main,
  };
  return network.catalogue.fareProducts
    .filter((fare) => fare.validity.kind !== 'MEDIUM')
    .filter((fare) => !options.productIds || options.productIds.includes(fare.productId))
    .map((fare) => ({
      blueprintId: fare.productId,
      productId: fare.productId,
      name: fareNameOf(network, fare.productId, options.lang ?? fallback, fallback),
      kind: fare.validity.kind,
      colors,
      face: FACES[fare.validity.kind],
    }));
}
