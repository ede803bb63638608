import { describe, expect, it } from 'vitest';
import {
  carriesAllTags,
  creationProductOf,
  isMediaProduct,
  isUniversalProduct,
  selectItems,
} from './select-items.ts';
import { category, namesOf, shopItem } from './test-support/shop-items.ts';

const card = ['PHYSICAL'] as const;

describe('what each catalogue call answers', () => {
  const catalogue = [
    category(1, [
      shopItem({ name: 'Single', tags: 'eshop_universal' }),
      shopItem({ name: 'Carnet', tags: 'carnet' }),
    ]),
    category(4, [
      shopItem({ name: 'New card', tags: 'eshop_physical_pass', supports: [...card] }),
      shopItem({ name: 'Replacement', tags: 'eshop_physical_duplicate card_fee', supports: [...card] }),
    ]),
  ];

  it('keeps items carrying every tag asked for and drops categories left empty', () => {
    expect(namesOf(selectItems(catalogue, carriesAllTags(undefined)))).toEqual(namesOf(catalogue));
    expect(namesOf(selectItems(catalogue, carriesAllTags('')))).toEqual(namesOf(catalogue));
    expect(namesOf(selectItems(catalogue, carriesAllTags('eshop_physical_pass')))).toEqual([
      [4, ['New card']],
    ]);
    expect(namesOf(selectItems(catalogue, carriesAllTags('card_fee eshop_physical_duplicate')))).toEqual([
      [4, ['Replacement']],
    ]);
    expect(namesOf(selectItems(catalogue, carriesAllTags('carnet eshop_universal')))).toEqual([]);
  });

  it('Products/media answers the card products, getUniversalProducts the universal ones', () => {
    expect(namesOf(selectItems(catalogue, isMediaProduct))).toEqual([[4, ['New card', 'Replacement']]]);
    expect(namesOf(selectItems(catalogue, isUniversalProduct))).toEqual([[1, ['Single']]]);
  });
});

describe('the creation product', () => {
  const newCard = shopItem({ name: 'New card', tags: 'eshop_physical_pass', supports: [...card] });

  it('NET-09 is the item of the first product type of the creation-products answer when it is alone there', () => {
    const answer = selectItems(
      [category(3, [newCard]), category(7, [shopItem({ tags: 'eshop_physical_pass', supports: [...card] })])],
      carriesAllTags('eshop_physical_pass'),
    );
    expect(creationProductOf(answer)?.name).toBe('New card');
  });

  it('NET-09 is the lowest productTypeIndex, whatever the order of the answer', () => {
    const other = shopItem({ name: 'Other', tags: 'eshop_physical_pass', supports: [...card] });
    expect(creationProductOf([category(9, [other]), category(2, [newCard])])?.name).toBe('New card');
  });

  it('NET-09 is none when the first product type has two shop items or none is answered', () => {
    const twin = shopItem({ name: 'Student card', tags: 'eshop_physical_pass', supports: [...card] });
    expect(creationProductOf([category(1, [newCard, twin]), category(2, [newCard])])).toBeNull();
    expect(creationProductOf([])).toBeNull();
    expect(creationProductOf([category(1, [])])).toBeNull();
  });
});
