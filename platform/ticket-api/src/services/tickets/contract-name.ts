// What a contract is called for its rider: the shop item it was bought as when that item gives this
// one fare product (a carnet reads "Carnet of 10 tickets", not "Single ticket"), else the fare
// product's own name, else the line's label as it was sold.
import type { Locale } from '@transit-shop/sdk/locales';
import { type LoadedNetwork, pickText } from '@transit-shop/tenancy';

type LocalizedText = NonNullable<Parameters<typeof pickText>[0]>;

function textIn(network: LoadedNetwork, text: LocalizedText, lang: Locale, fallback: Locale): string | null {
  return (
    pickText(text, lang, fallback) ??
    pickText(text, network.network.config.defaultLanguage, fallback) ??
    Object.values(text).find(Boolean) ??
    null
  );
}

/** The fare product's name in `lang`, else the fallback language, else any. */
export function fareNameOf(
  network: LoadedNetwork,
  productId: number,
  lang: Locale,
  fallback: Locale,
): string {
  const fare = network.catalogue.fareProducts.find((candidate) => candidate.productId === productId);
  return (fare && textIn(network, fare.name, lang, fallback)) ?? `#${productId}`;
}

export type NamedContract = {
  readonly productId: number;
  /** The shop item its order line sold. */
  readonly shopItemId: number;
  /** The line's label, in the order's language, as sold. */
  readonly soldLabel: string;
};

export function contractNameOf(
  network: LoadedNetwork,
  contract: NamedContract,
  lang: Locale,
  fallback: Locale,
): string {
  const item = network.catalogue.shopItems.find((candidate) => candidate.shopItemId === contract.shopItemId);
  const [only, ...others] = item?.products ?? [];
  if (item && only?.productId === contract.productId && others.length === 0) {
    const name = textIn(network, item.name, lang, fallback);
    if (name) return name;
  }
  const knownFare = network.catalogue.fareProducts.some((fare) => fare.productId === contract.productId);
  return knownFare ? fareNameOf(network, contract.productId, lang, fallback) : contract.soldLabel;
}
