// Checks of a parsed catalogue file against itself and its network, as pure functions: every
// problem with its file and field, every text in every offered language, every item's own rules.

import { shopItemRuleIssues } from '@transit-shop/sdk/catalogue/shop-item-rules';
import { CATALOGUE_TAGS, tagsOf } from '@transit-shop/sdk/contract/catalogue';
import type { Locale, LocalizedText } from '@transit-shop/sdk/locales';
import type { CatalogueFile, CatalogueShopItemFile } from './catalogue.schema.ts';
import type { NetworkFile } from './network.schema.ts';
import { newCardProductOf, physicalPassTypesOf } from './new-card-product.ts';
import type { Problem } from './types.ts';
import { checkLocalizedText } from './validate.ts';

/** Every text of the file with its field, so each is checked in every offered language. */
function catalogueTexts(catalogue: CatalogueFile): [string, LocalizedText | null][] {
  const texts: [string, LocalizedText | null][] = [];
  catalogue.categories.forEach((category, i) => {
    texts.push(
      [`categories.${i}.name`, category.name],
      [`categories.${i}.description`, category.description],
    );
  });
  catalogue.rates.forEach((rate, i) => {
    texts.push([`rates.${i}.name`, rate.name]);
  });
  catalogue.fareProducts.forEach((product, i) => {
    texts.push([`fareProducts.${i}.name`, product.name]);
  });
  catalogue.documentTypes.forEach((type, i) => {
    texts.push([`documentTypes.${i}.name`, type.name], [`documentTypes.${i}.description`, type.description]);
  });
  catalogue.shopItems.forEach((item, i) => {
    const at = `shopItems.${i}`;
    texts.push([`${at}.name`, item.name], [`${at}.description`, item.description]);
    texts.push([`${at}.conditions.text`, item.conditions?.text ?? null]);
    item.fields.forEach((field, j) => {
      texts.push([`${at}.fields.${j}.label`, field.label], [`${at}.fields.${j}.help`, field.help]);
      field.options.forEach((option, k) => {
        texts.push([`${at}.fields.${j}.options.${k}.label`, option.label]);
      });
    });
  });
  return texts;
}

/** A problem for each later entry of `list` whose `key` an earlier entry already has. */
function duplicateKeys<Entry>(
  file: string,
  list: string,
  entries: readonly Entry[],
  key: keyof Entry & string,
  what: string,
) {
  const first = new Map<unknown, number>();
  const problems: Problem[] = [];
  entries.forEach((entry, index) => {
    const value = entry[key];
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, index);
    else
      problems.push({
        file,
        field: `${list}.${index}.${key}`,
        message: `duplicate ${what} ${JSON.stringify(value)} (also at index ${earlier})`,
      });
  });
  return problems;
}

const list = (values: readonly (string | number)[]) => (values.length > 0 ? values.join(', ') : 'none');

/** What an item needs of its network: instalments, methods, subscriptions, collect sites. */
function networkIssues(
  item: CatalogueShopItemFile,
  config: NetworkFile,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const offered = config.multiple_payment_installments;
  item.paymentOptions.installments.forEach((count, j) => {
    if (!offered.includes(count))
      issues.push({
        path: `paymentOptions.installments.${j}`,
        message: `${count} instalments: the network offers ${list(offered)} (multiple_payment_installments, NET-05)`,
      });
  });
  item.paymentOptions.paymentMethods.forEach((method, j) => {
    if (method === 'TRANSFER' && !config.payment.transfer_enabled)
      issues.push({
        path: `paymentOptions.paymentMethods.${j}`,
        message: 'TRANSFER: the network does not enable transfers (payment.transfer_enabled, NET-04)',
      });
  });
  if (item.paymentOptions.allowSubscription && !config.has_subscriptions)
    issues.push({
      path: 'paymentOptions.allowSubscription',
      message: 'the network sells no subscriptions (has_subscriptions is false)',
    });
  const tags = tagsOf(item.tags);
  if (tags.includes(CATALOGUE_TAGS.collect) && config.collectSites.length === 0)
    issues.push({ path: 'tags', message: `${CATALOGUE_TAGS.collect}: the network has no collect sites` });
  return issues;
}

/**
 * Decision 0037: a network offers new cards by post by tagging items eshop_physical_pass, and names
 * its new-card product by NET-09 (the first product type holding them holds exactly one). That
 * product is posted, not collected, and is the card alone: every product it names is a MEDIUM; and
 * the network asks its travellers' birth dates, which the card is made out to.
 */
function newCardProductProblems(file: string, catalogue: CatalogueFile, config: NetworkFile): Problem[] {
  const answer = physicalPassTypesOf(catalogue);
  if (answer.length === 0) return [];
  const named = newCardProductOf(catalogue);
  if (!named) {
    const first = answer.reduce((lowest, category) =>
      category.productTypeIndex < lowest.productTypeIndex ? category : lowest,
    );
    const ids = first.shopItems.map(({ item }) => item.shopItemId);
    return [
      {
        file,
        field: `shopItems.${first.shopItems[1]?.index}.tags`,
        message: `no new-card product (NET-09): category "${first.id}", the first holding ${CATALOGUE_TAGS.physicalPass} items, holds ${ids.length} of them (shop items ${list(ids)}); a new card by post is offered only when one is alone there`,
      },
    ];
  }
  const { item, index } = named;
  const about = `shop item ${item.shopItemId}, the new-card product (NET-09)`;
  const problems: Problem[] = [];
  // The card is made out to its holder's birth date, which the shop then never asks.
  if (config.hideBirthDate)
    problems.push({
      file,
      field: `shopItems.${index}.tags`,
      message: `${about}: a new card is made out to its holder's date of birth, which the network hides (hideBirthDate in network.json)`,
    });
  if (tagsOf(item.tags).includes(CATALOGUE_TAGS.collect))
    problems.push({
      file,
      field: `shopItems.${index}.tags`,
      message: `${about}: a new card is sent by post, so it cannot be tagged ${CATALOGUE_TAGS.collect}`,
    });
  item.products.forEach((product, j) => {
    const fare = catalogue.fareProducts.find((candidate) => candidate.productId === product.productId);
    if (fare && fare.validity.kind !== 'MEDIUM')
      problems.push({
        file,
        field: `shopItems.${index}.products.${j}.productId`,
        message: `${about}: product ${product.productId} is a ${fare.validity.kind} fare product; the card alone is a MEDIUM`,
      });
  });
  return problems;
}

/**
 * Decision 0030: every product a shop item names is a fare product of the file, whose validity
 * model the item can give: a pass needs the item's pivot, a day ticket for a slot a day pivot.
 */
function fareProductIssues(
  item: CatalogueShopItemFile,
  fareProducts: CatalogueFile['fareProducts'],
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const listed = fareProducts.map((product) => product.productId);
  item.products.forEach((product, j) => {
    const fare = fareProducts.find((candidate) => candidate.productId === product.productId);
    const path = `products.${j}.productId`;
    if (!fare) {
      issues.push({
        path,
        message: `product ${product.productId} is not a fare product of the catalogue (fareProducts: ${list(listed)})`,
      });
      return;
    }
    const { validity } = fare;
    if (validity.kind === 'PERIOD' && (item.pivotType === null || item.pivotValue === null))
      issues.push({
        path,
        message: `product ${product.productId} is a pass (PERIOD): the item needs a pivotType and a pivotValue`,
      });
    if (validity.kind === 'PERIOD' && validity.rolling && item.pivotType !== 'DAY_PIVOT')
      issues.push({
        path,
        message: `product ${product.productId} is a rolling pass: the item needs a DAY_PIVOT`,
      });
    if (validity.kind === 'DAY' && validity.start === 'SLOT' && item.pivotType !== 'DAY_PIVOT')
      issues.push({
        path,
        message: `product ${product.productId} is a day ticket for a slot: the item needs a DAY_PIVOT`,
      });
  });
  return issues;
}

/** Every problem of a parsed catalogue file of the network `config`. */
export function checkCatalogue(file: string, catalogue: CatalogueFile, config: NetworkFile): Problem[] {
  const problems: Problem[] = [];
  const { categories, rates, documentTypes, shopItems } = catalogue;

  problems.push(
    ...duplicateKeys(file, 'categories', categories, 'id', 'category id'),
    ...duplicateKeys(file, 'categories', categories, 'productTypeIndex', 'productTypeIndex'),
    ...duplicateKeys(file, 'rates', rates, 'id', 'rate id'),
    ...duplicateKeys(file, 'fareProducts', catalogue.fareProducts, 'productId', 'fare product id'),
    ...duplicateKeys(file, 'documentTypes', documentTypes, 'id', 'document type id'),
    ...duplicateKeys(file, 'shopItems', shopItems, 'shopItemId', 'shopItemId'),
  );

  // Document types must be ones the network's qualification providers validate, when it names them.
  const qualification = config.qualificationValidationConfiguration;
  if (qualification) {
    const validated = new Set(qualification.providers.flatMap((provider) => provider.documentTypeIds));
    documentTypes.forEach((type, i) => {
      if (!validated.has(type.id))
        problems.push({
          file,
          field: `documentTypes.${i}.id`,
          message: `document type ${type.id} is validated by no provider of qualificationValidationConfiguration in network.json`,
        });
    });
  }

  const categoryIds = categories.map((c) => c.id);
  const rateIds = rates.map((r) => r.id);
  const documentTypeIds = documentTypes.map((d) => d.id);
  shopItems.forEach((item, i) => {
    const at = (path: string) => `shopItems.${i}.${path}`;
    const about = `shop item ${item.shopItemId}`;
    if (!categoryIds.includes(item.category))
      problems.push({
        file,
        field: at('category'),
        message: `${about}: unknown category "${item.category}" (categories: ${list(categoryIds)})`,
      });
    if (item.rate !== null && !rateIds.includes(item.rate))
      problems.push({
        file,
        field: at('rate'),
        message: `${about}: unknown rate "${item.rate}" (rates: ${list(rateIds)})`,
      });
    item.requiredDocuments.forEach((id, j) => {
      if (!documentTypeIds.includes(id))
        problems.push({
          file,
          field: at(`requiredDocuments.${j}`),
          message: `${about}: unknown document type ${id} (documentTypes: ${list(documentTypeIds)})`,
        });
    });
    for (const issue of shopItemRuleIssues(item))
      problems.push({ file, field: at(issue.path.join('.')), message: `${about}: ${issue.message}` });
    for (const issue of fareProductIssues(item, catalogue.fareProducts))
      problems.push({ file, field: at(issue.path), message: `${about}: ${issue.message}` });
    for (const issue of networkIssues(item, config))
      problems.push({ file, field: at(issue.path), message: `${about}: ${issue.message}` });
  });

  problems.push(...newCardProductProblems(file, catalogue, config));
  for (const [field, text] of catalogueTexts(catalogue))
    problems.push(...checkLocalizedText(file, field, text, config.languages as readonly Locale[]));
  return problems;
}
