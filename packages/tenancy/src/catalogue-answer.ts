// A network's catalogue file as the catalogue calls answer it (Products/*, shop/catalog): texts in
// the language asked for, categories in productTypeIndex order holding their items.

import { selectItems } from '@transit-shop/sdk/catalogue/select-items';
import type { CatalogueAnswer, ShopItem } from '@transit-shop/sdk/contract/catalogue';
import type { Locale, LocalizedText } from '@transit-shop/sdk/locales';
import type { CatalogueFile } from './catalogue.schema.ts';
import type { NetworkFile } from './network.schema.ts';
import { pickText } from './network-configuration.ts';

export type CatalogueAnswerOptions = {
  /** The language asked for; a language the network does not offer gets its default language. */
  locale: Locale;
  /** Which items the call answers (a tag filter); every item by default. Categories left empty are left out. */
  keep?: (item: ShopItem) => boolean;
};

/**
 * The answer of a catalogue call. The file passed tenant:validate, so every text exists in every
 * offered language; the first text given stands in for one that does not, never an empty name.
 */
export function catalogueAnswer(
  network: { config: Pick<NetworkFile, 'currency' | 'defaultLanguage'>; catalogue: CatalogueFile },
  options: CatalogueAnswerOptions,
): CatalogueAnswer {
  const { config, catalogue } = network;
  const optional = (text: LocalizedText | null) => pickText(text, options.locale, config.defaultLanguage);
  const required = (text: LocalizedText) => optional(text) ?? Object.values(text).find(Boolean) ?? '?';

  const items = catalogue.shopItems.map(({ category, vatRate: _invoiceOnly, ...item }) => ({
    category,
    item: {
      ...item,
      name: required(item.name),
      description: optional(item.description),
      fields: item.fields.map((field) => ({
        ...field,
        label: required(field.label),
        help: optional(field.help),
        options: field.options.map((option) => ({ ...option, label: required(option.label) })),
      })),
      conditions: item.conditions && { ...item.conditions, text: optional(item.conditions.text) },
      installments: Math.max(...item.paymentOptions.installments),
    } satisfies ShopItem,
  }));
  const categories = [...catalogue.categories]
    .sort((a, b) => a.productTypeIndex - b.productTypeIndex)
    .map((category) => ({
      productTypeIndex: category.productTypeIndex,
      name: required(category.name),
      description: optional(category.description),
      shopItems: items.filter((entry) => entry.category === category.id).map((entry) => entry.item),
    }));
  return {
    currency: config.currency,
    categories: selectItems(categories, options.keep ?? (() => true)),
    rates: catalogue.rates.map((rate) => ({ id: rate.id, name: required(rate.name) })),
    documentTypes: catalogue.documentTypes.map((type) => ({
      id: type.id,
      name: required(type.name),
      description: optional(type.description),
    })),
  };
}
