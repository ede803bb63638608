import { describe, expect, it } from 'vitest';
import type { Category } from '../contract/catalogue.ts';
import {
  ANONYMOUS_VIEWER,
  type CatalogueViewer,
  distributionModesOf,
  filterListing,
  hasNoProducts,
  isListed,
  isSupportOffered,
  offeredSupports,
  offersOnlyPhysicalSupport,
  shopListing,
} from './shop-listing.ts';
import { category, namesOf, shopItem } from './test-support/shop-items.ts';

const franceConnect: CatalogueViewer = { guest: false, signInDriver: 'FRANCECONNECT' };
const keycloak: CatalogueViewer = { guest: false, signInDriver: 'KEYCLOAK' };
const guest: CatalogueViewer = { guest: true, signInDriver: null };

const both = ['PHYSICAL', 'DEMATERIALIZED'] as const;
const appOnly = ['DEMATERIALIZED'] as const;
const cardOnly = ['PHYSICAL'] as const;

describe('the shop listing', () => {
  it('CAT-01 hides items tagged hidden, eshop_physical_pass or eshop_physical_duplicate', () => {
    const listing = shopListing(
      [
        category(1, [
          shopItem({ name: 'Single ticket', tags: 'eshop_universal' }),
          shopItem({ name: 'Shipping fee', tags: 'fee hidden' }),
          shopItem({ name: 'New card', tags: 'eshop_physical_pass', supports: [...cardOnly] }),
          shopItem({ name: 'Replacement card', tags: 'eshop_physical_duplicate', supports: [...cardOnly] }),
          // A tag merely containing a hiding word does not hide.
          shopItem({ name: 'Day pass', tags: 'not_hidden eshop_physical_pass_holder' }),
        ]),
      ],
      ANONYMOUS_VIEWER,
    );
    expect(namesOf(listing)).toEqual([[1, ['Single ticket', 'Day pass']]]);
    expect(isListed(shopItem({ tags: '' }))).toBe(true);
    expect(isListed(shopItem({ tags: 'promo hidden' }))).toBe(false);
  });

  it('CAT-02 hides items left without supports, and categories left without items', () => {
    const listing = shopListing(
      [
        category(2, [shopItem({ name: 'App ticket', supports: [...appOnly] })]),
        category(1, [
          shopItem({ name: 'No support', supports: [] }),
          shopItem({ name: 'Card pass', supports: [...cardOnly] }),
        ]),
      ],
      franceConnect,
    );
    expect(namesOf(listing)).toEqual([[1, ['Card pass']]]);
    expect(namesOf(shopListing([category(1, [shopItem({ supports: [] })])], ANONYMOUS_VIEWER))).toEqual([]);
  });

  it('a FranceConnect viewer loses the dematerialised support, which cannot be added to the cart', () => {
    const pass = shopItem({ name: 'Monthly pass', supports: [...both] });
    expect(offeredSupports(pass, franceConnect)).toEqual(['PHYSICAL']);
    expect(isSupportOffered(pass, 'DEMATERIALIZED', franceConnect)).toBe(false);
    expect(isSupportOffered(pass, 'PHYSICAL', franceConnect)).toBe(true);
    // Any other sign-in, a visitor or a guest keeps both.
    for (const viewer of [keycloak, ANONYMOUS_VIEWER, guest]) {
      expect(offeredSupports(pass, viewer)).toEqual(['PHYSICAL', 'DEMATERIALIZED']);
      expect(isSupportOffered(pass, 'DEMATERIALIZED', viewer)).toBe(true);
    }
    const [listed] = shopListing([category(1, [pass])], franceConnect);
    expect(listed?.shopItems[0]?.supports).toEqual(['PHYSICAL']);
    // The listing gives a copy: the answer itself keeps its supports.
    expect(pass.supports).toEqual(['PHYSICAL', 'DEMATERIALIZED']);
  });

  it('CHK-03 an item marked card-only for guests loses the app support for a guest only', () => {
    const carnet = shopItem({ name: 'Carnet', supports: [...both], tags: 'eshop_guest_card_only' });
    const appTicket = shopItem({ name: 'App ticket', supports: [...appOnly], tags: 'eshop_guest_card_only' });
    expect(offeredSupports(carnet, guest)).toEqual(['PHYSICAL']);
    expect(isSupportOffered(carnet, 'DEMATERIALIZED', guest)).toBe(false);
    expect(offeredSupports(carnet, keycloak)).toEqual(['PHYSICAL', 'DEMATERIALIZED']);
    expect(namesOf(shopListing([category(1, [carnet, appTicket])], guest))).toEqual([[1, ['Carnet']]]);
  });

  it('CAT-04 badges name the app, the card, or click and collect for a physical item tagged eshop_collect', () => {
    expect(distributionModesOf(shopItem({ supports: [...both] }))).toEqual(['APP', 'CARD']);
    expect(distributionModesOf(shopItem({ supports: [...appOnly] }))).toEqual(['APP']);
    expect(distributionModesOf(shopItem({ supports: [...cardOnly], tags: 'eshop_collect' }))).toEqual([
      'COLLECT',
    ]);
    expect(distributionModesOf(shopItem({ supports: [...both], tags: 'eshop_collect' }))).toEqual([
      'APP',
      'COLLECT',
    ]);
  });

  it('CAT-04 filters by category, distribution mode and rate, dropping emptied categories', () => {
    const listing = shopListing(
      [
        category(1, [
          shopItem({ name: 'Single', supports: [...both], rate: 'full' }),
          shopItem({ name: 'Single reduced', supports: [...cardOnly], rate: 'reduced' }),
        ]),
        category(2, [
          shopItem({ name: 'Monthly', supports: [...appOnly], rate: 'full' }),
          shopItem({ name: 'Paper carnet', supports: [...cardOnly], tags: 'eshop_collect', rate: 'full' }),
        ]),
      ],
      ANONYMOUS_VIEWER,
    );
    expect(namesOf(filterListing(listing, {}))).toEqual(namesOf(listing));
    expect(namesOf(filterListing(listing, { productTypeIndex: 2 }))).toEqual([
      [2, ['Monthly', 'Paper carnet']],
    ]);
    expect(namesOf(filterListing(listing, { mode: 'APP' }))).toEqual([
      [1, ['Single']],
      [2, ['Monthly']],
    ]);
    expect(namesOf(filterListing(listing, { mode: 'CARD' }))).toEqual([[1, ['Single', 'Single reduced']]]);
    expect(namesOf(filterListing(listing, { mode: 'COLLECT' }))).toEqual([[2, ['Paper carnet']]]);
    expect(namesOf(filterListing(listing, { rate: 'reduced' }))).toEqual([[1, ['Single reduced']]]);
    expect(namesOf(filterListing(listing, { productTypeIndex: 2, rate: 'reduced' }))).toEqual([]);
    expect(namesOf(filterListing(listing, { productTypeIndex: null, mode: null, rate: null }))).toEqual(
      namesOf(listing),
    );
  });

  it('CAT-05 says there are no products when nothing is left to list', () => {
    expect(hasNoProducts(shopListing([] as Category[], ANONYMOUS_VIEWER))).toBe(true);
    const onlyHidden = [category(1, [shopItem({ tags: 'hidden' }), shopItem({ supports: [...appOnly] })])];
    expect(hasNoProducts(shopListing(onlyHidden, franceConnect))).toBe(true);
    expect(hasNoProducts(shopListing(onlyHidden, ANONYMOUS_VIEWER))).toBe(false);
  });

  it('tells whether every item offered is card-only', () => {
    const cardPasses = [
      category(1, [shopItem({ supports: [...cardOnly] }), shopItem({ supports: [...cardOnly] })]),
    ];
    expect(offersOnlyPhysicalSupport(shopListing(cardPasses, ANONYMOUS_VIEWER))).toBe(true);
    const mixed = [category(1, [shopItem({ supports: [...cardOnly] }), shopItem({ supports: [...both] })])];
    expect(offersOnlyPhysicalSupport(shopListing(mixed, ANONYMOUS_VIEWER))).toBe(false);
    // Under FranceConnect the app support is gone, so the same catalogue is card-only.
    expect(offersOnlyPhysicalSupport(shopListing(mixed, franceConnect))).toBe(true);
    expect(offersOnlyPhysicalSupport([])).toBe(false);
  });
});
