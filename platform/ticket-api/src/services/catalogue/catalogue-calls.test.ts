import { creationProductOf } from '@transit-shop/sdk/catalogue/select-items';
import { ANONYMOUS_VIEWER, shopListing } from '@transit-shop/sdk/catalogue/shop-listing';
import {
  CATALOGUE_CALLS,
  type CatalogueAnswer,
  catalogueAnswerSchema,
  creationProductsPayload,
  productListPayload,
} from '@transit-shop/sdk/contract/catalogue';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { describe, expect, it } from 'vitest';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';

const testApp = useTestApp();
const LAKESIDE_ID = 103;

const itemIdsOf = (answer: CatalogueAnswer) =>
  answer.categories.flatMap((category) => category.shopItems.map((item) => item.shopItemId));

const getProducts = (payload: Record<string, unknown>) =>
  testApp.current.call(CATALOGUE_CALLS.getProducts, { network_id: LUMIERE_ID, ...payload });

describe('Products/getProducts.json', () => {
  it('CAT-06 answers the type 2 product list of the network: every item, hidden ones included, categories in order', async () => {
    const answer = await okOf<CatalogueAnswer>(await getProducts(productListPayload('fr')));
    expect(catalogueAnswerSchema.safeParse(answer).success).toBe(true);
    expect(answer.currency).toBe('EUR');
    expect(answer.categories.map((category) => category.productTypeIndex)).toEqual(
      [...answer.categories.map((category) => category.productTypeIndex)].sort((a, b) => a - b),
    );
    expect(itemIdsOf(answer)).toEqual(
      expect.arrayContaining([1101, 1102, 1103, 2101, 2102, 2103, 3101, 9101, 9102, 9103]),
    );
    const single = answer.categories
      .flatMap((category) => category.shopItems)
      .find((item) => item.shopItemId === 1101);
    expect(single).toMatchObject({ name: 'Ticket 1 voyage', shopItemPrice: 190, installments: 1 });
    const annual = answer.categories
      .flatMap((category) => category.shopItems)
      .find((item) => item.shopItemId === 2103);
    expect(annual?.installments).toBe(10);
  });

  it('CAT-06 refuses any other type than 2', async () => {
    expect(await koOf(await getProducts({ type: 3, lang: 'fr' }))).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'type', message: VALIDATION_MESSAGES.invalid }] },
    });
  });

  it('answers the texts in the language asked for, and in the default language for one the network does not offer', async () => {
    const english = await okOf<CatalogueAnswer>(await getProducts(productListPayload('en')));
    expect(
      english.categories.flatMap((c) => c.shopItems).find((item) => item.shopItemId === 1101)?.name,
    ).toBe('Single ticket');
    const wahat = await okOf<CatalogueAnswer>(
      await testApp.current.call(CATALOGUE_CALLS.getProducts, {
        network_id: WAHAT_ID,
        ...productListPayload('es'),
      }),
    );
    expect(wahat.currency).toBe('MAD');
    expect(wahat.categories[0]?.shopItems[0]?.name).toMatch(/\p{Script=Arabic}/u);
  });

  it('NET-09 type 2 with the tag eshop_physical_pass answers the physical-pass items; creationProductOf picks the lone one of the first type, none without', async () => {
    const answer = await okOf<CatalogueAnswer>(await getProducts(creationProductsPayload('fr')));
    expect(itemIdsOf(answer)).toEqual([9101]);
    expect(creationProductOf(answer.categories)?.shopItemId).toBe(9101);
    const wahat = await okOf<CatalogueAnswer>(
      await testApp.current.call(CATALOGUE_CALLS.getProducts, {
        network_id: WAHAT_ID,
        ...creationProductsPayload('fr'),
      }),
    );
    expect(creationProductOf(wahat.categories)?.shopItemId).toBe(4203);
    // Lakeside sends no new card by post (decision 0037).
    const none = await okOf<CatalogueAnswer>(
      await testApp.current.call(CATALOGUE_CALLS.getProducts, {
        network_id: LAKESIDE_ID,
        ...creationProductsPayload('en'),
      }),
    );
    expect(none.categories).toEqual([]);
    expect(creationProductOf(none.categories)).toBeNull();
  });

  it('keeps only the items carrying every tag asked for', async () => {
    const answer = await okOf<CatalogueAnswer>(
      await getProducts({ ...productListPayload('fr'), tags: 'eshop_collect' }),
    );
    expect(itemIdsOf(answer)).toEqual([1106]);
    const both = await okOf<CatalogueAnswer>(
      await getProducts({ ...productListPayload('fr'), tags: 'eshop_collect hidden' }),
    );
    expect(both.categories).toEqual([]);
  });

  it('CAT-01 the shop listing built from the answer hides the hidden, postage and card items', async () => {
    const answer = await okOf<CatalogueAnswer>(await getProducts(productListPayload('fr')));
    const listed = shopListing(answer.categories, ANONYMOUS_VIEWER).flatMap((category) =>
      category.shopItems.map((item) => item.shopItemId),
    );
    expect(listed).not.toContain(9101);
    expect(listed).not.toContain(9102);
    expect(listed).not.toContain(9103);
    expect(listed).toContain(1101);
  });
});

describe('Products/getUniversalProducts.json, Products/media and shop/catalog', () => {
  it('Products/media answers the card products: a new card and a replacement', async () => {
    const answer = await okOf<CatalogueAnswer>(
      await testApp.current.call(CATALOGUE_CALLS.getMediaProducts, { network_id: LUMIERE_ID, lang: 'fr' }),
    );
    expect(itemIdsOf(answer).sort()).toEqual([9101, 9102]);
    const lakeside = await okOf<CatalogueAnswer>(
      await testApp.current.call(CATALOGUE_CALLS.getMediaProducts, { network_id: LAKESIDE_ID, lang: 'en' }),
    );
    expect([lakeside.currency, itemIdsOf(lakeside)]).toEqual(['CHF', [9301]]);
  });

  it('Products/getUniversalProducts.json answers only the items tagged eshop_universal, none on the demo networks', async () => {
    for (const networkId of [LUMIERE_ID, WAHAT_ID, LAKESIDE_ID]) {
      const answer = await okOf<CatalogueAnswer>(
        await testApp.current.call(CATALOGUE_CALLS.getUniversalProducts, {
          network_id: networkId,
          lang: 'en',
        }),
      );
      expect(answer.categories).toEqual([]);
      expect(answer.rates.length).toBeGreaterThan(0);
    }
  });

  it('shop/catalog answers the whole catalogue, as the product list without a tag filter', async () => {
    const catalog = await okOf<CatalogueAnswer>(
      await testApp.current.call(CATALOGUE_CALLS.shopCatalog, { networkId: LAKESIDE_ID, lang: 'it' }),
    );
    const list = await okOf<CatalogueAnswer>(
      await testApp.current.call(CATALOGUE_CALLS.getProducts, {
        network_id: LAKESIDE_ID,
        ...productListPayload('it'),
      }),
    );
    expect(catalog).toEqual(list);
    expect(catalog.documentTypes.length).toBeGreaterThan(0);
  });

  it('NET-01 refuses an unknown network', async () => {
    expect(
      (
        await koOf(
          await testApp.current.call(
            CATALOGUE_CALLS.shopCatalog,
            { networkId: 999, lang: 'fr' },
            { networkId: LUMIERE_ID, networkHeader: null },
          ),
        )
      ).code,
    ).toBe('NETWORK_NOT_FOUND');
  });
});
