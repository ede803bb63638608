import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localizedTextSchema } from '../locale.schema.ts';
import { fieldIssues } from '../validation/field-issues.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import {
  CATALOGUE_CALLS,
  catalogueAnswerSchema,
  catalogueSchemasOf,
  creationProductsPayload,
  getProductsCall,
  productListPayload,
  shopItemSchema,
  tagsSchema,
} from './catalogue.ts';
import type { CallContract } from './define-call.ts';

const SIGNATURE = 'cd'.repeat(20);

const issuesOf = (contract: CallContract, payload: Record<string, unknown>) => {
  const result = contract.request.safeParse(payload);
  return result.success ? [] : fieldIssues(result.error, payload);
};

const SAMPLES: Record<keyof typeof CATALOGUE_CALLS, Record<string, unknown>> = {
  getProducts: { network_id: 101, type: 2, lang: 'fr', tags: 'eshop_physical_pass' },
  getUniversalProducts: { network_id: 101, lang: 'en' },
  getMediaProducts: { network_id: 101, lang: 'ar' },
  shopCatalog: { networkId: 101, lang: 'it' },
};

const monthlyPass = {
  shopItemId: 2101,
  name: 'Pass mensuel',
  shopItemPrice: 6500,
  supports: ['PHYSICAL', 'DEMATERIALIZED'],
  products: [{ productId: 501, dematerialized: true }],
  pivotType: 'MONTH_PIVOT',
  pivotValue: 1,
  startProposals: 3,
  installments: 1,
};

describe('catalogue contracts', () => {
  for (const [name, contract] of Object.entries(CATALOGUE_CALLS)) {
    const sample = SAMPLES[name as keyof typeof CATALOGUE_CALLS];

    it(`${contract.path} is a cacheable GET without a session that refuses an unknown field`, () => {
      expect([contract.method, contract.encoding, contract.authenticated, contract.cacheable]).toEqual([
        'GET',
        'query',
        false,
        true,
      ]);
      expect(issuesOf(contract, { ...sample, signature: SIGNATURE })).toEqual([]);
      expect(issuesOf(contract, { ...sample, signature: SIGNATURE, admin: 'yes' })).toEqual([
        { path: 'admin', message: VALIDATION_MESSAGES.unknownField },
      ]);
    });
  }

  it('names the network field each call spells its own way', () => {
    expect(CATALOGUE_CALLS.getProducts.networkField).toBe('network_id');
    expect(CATALOGUE_CALLS.shopCatalog.networkField).toBe('networkId');
  });

  it('CAT-06 the product list asks for type 2, read back from query text, and refuses any other type', () => {
    expect(productListPayload('es')).toEqual({ type: 2, lang: 'es' });
    // As the server reads the query: every value is text.
    const fromQuery = getProductsCall.request.parse({ network_id: '101', type: '2', lang: 'es' });
    expect(fromQuery).toEqual({ network_id: 101, type: 2, lang: 'es' });
    expect(issuesOf(getProductsCall, { network_id: 101, type: 3, lang: 'fr' })).toEqual([
      { path: 'type', message: VALIDATION_MESSAGES.invalid },
    ]);
    expect(issuesOf(getProductsCall, { network_id: 101, lang: 'fr' })).toEqual([
      { path: 'type', message: VALIDATION_MESSAGES.required },
    ]);
  });

  it('the creation-products request is the product list with the tag eshop_physical_pass', () => {
    const payload = creationProductsPayload('fr');
    expect(payload).toEqual({ type: 2, lang: 'fr', tags: 'eshop_physical_pass' });
    expect(issuesOf(getProductsCall, { ...payload, network_id: 101 })).toEqual([]);
  });

  it('reads tags as lowercase words separated by single spaces', () => {
    for (const tags of ['', 'hidden', 'eshop_physical_pass hidden', 'rate:reduced zone-1'])
      expect(tagsSchema.safeParse(tags).success).toBe(true);
    for (const tags of [' hidden', 'hidden ', 'a  b', 'Hidden', 'a\tb'])
      expect(tagsSchema.safeParse(tags).success).toBe(false);
  });

  it('an answered shop item gets every default and keeps members a newer server adds', () => {
    const item = shopItemSchema.parse({ ...monthlyPass, badge: 'new' });
    expect(item).toMatchObject({
      description: null,
      shopItemPromoPrice: null,
      tags: '',
      rate: null,
      fields: [],
      paymentOptions: { installments: [1], paymentMethods: ['CARD'], allowSubscription: false },
      articleQuantityMin: 1,
      articleQuantityMax: 10,
      maxBuyAtOnce: false,
      isRenewable: false,
      products: [{ productId: 501, quantity: 1, dematerialized: true }],
      requiredDocuments: [],
      conditions: null,
    });
    expect('badge' in item).toBe(false);
    const answer = catalogueAnswerSchema.parse({
      currency: 'EUR',
      categories: [{ productTypeIndex: 0, name: 'Abonnements', shopItems: [monthlyPass] }],
      rates: [{ id: 'full', name: 'Plein tarif' }],
      documentTypes: [{ id: 1, name: 'Carte étudiante' }],
    });
    expect(answer.documentTypes).toEqual([{ id: 1, name: 'Carte étudiante', description: null }]);
  });

  it('prices are whole minor units of the currency', () => {
    const price = (shopItemPrice: number) =>
      shopItemSchema.safeParse({ ...monthlyPass, shopItemPrice }).success;
    expect(price(6500)).toBe(true);
    expect(price(0)).toBe(true);
    expect(price(65.5)).toBe(false);
    expect(price(-1)).toBe(false);
  });

  it('the same schemas, built strictly with texts per language, make the tenant file shape', () => {
    const file = catalogueSchemasOf(localizedTextSchema, { strict: true });
    const item = z.strictObject(file.shopItemShape);
    const localized = { ...monthlyPass, name: { fr: 'Pass mensuel', en: 'Monthly pass' } };
    delete (localized as { installments?: number }).installments;
    expect(item.safeParse(localized).success).toBe(true);
    expect(item.safeParse({ ...localized, name: 'Pass mensuel' }).success).toBe(false);
    const misspelt = { ...localized, paymentOptions: { instalments: [1, 3] } };
    expect(item.safeParse(misspelt).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'paymentOptions',
    ]);
  });
});
