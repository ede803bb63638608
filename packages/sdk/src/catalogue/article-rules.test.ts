import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { articleFieldIssues, isCalendarDate, isQuantityAllowed, quantityBoundsOf } from './article-rules.ts';

const bounds = (min: number, max: number, maxBuyAtOnce = false) => ({
  articleQuantityMin: min,
  articleQuantityMax: max,
  maxBuyAtOnce,
});

describe('article rules', () => {
  it('CART-04 a quantity is a whole number within the item’s min and max', () => {
    expect([1, 2, 5, 6, 3.5].map((q) => isQuantityAllowed(bounds(2, 5), q))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('CART-08 an item bought once per order takes one article of one unit, whatever its max', () => {
    expect(quantityBoundsOf(bounds(1, 4, true))).toEqual({ min: 1, max: 1 });
    expect([1, 2].map((q) => isQuantityAllowed(bounds(1, 4, true), q))).toEqual([true, false]);
  });

  it('a calendar date is YYYY-MM-DD and exists', () => {
    expect(['2028-02-29', '2026-02-29', '2026-13-01', '17/05/2010', '2010-5-17'].map(isCalendarDate)).toEqual(
      [true, false, false, false, false],
    );
  });

  it('CART-12 each field value is checked against its field, and a value for no field is refused', () => {
    const fields = [
      { id: 'name', type: 'TEXT', required: true, maxLength: 5, min: null, max: null, options: [] },
      { id: 'age', type: 'NUMBER', required: false, maxLength: null, min: 4, max: 25, options: [] },
      { id: 'day', type: 'DATE', required: false, maxLength: null, min: null, max: null, options: [] },
      {
        id: 'zone',
        type: 'SELECT',
        required: false,
        maxLength: null,
        min: null,
        max: null,
        options: [{ value: 'a' }],
      },
      { id: 'ok', type: 'CHECKBOX', required: true, maxLength: null, min: null, max: null, options: [] },
    ] as const;
    expect(articleFieldIssues(fields, { name: ' ', age: 3, day: '2026-02-30', zone: 'b', other: 1 })).toEqual(
      [
        { path: 'other', message: VALIDATION_MESSAGES.unknownField },
        { path: 'name', message: VALIDATION_MESSAGES.required },
        { path: 'age', message: VALIDATION_MESSAGES.invalid, params: { min: 4 } },
        { path: 'day', message: VALIDATION_MESSAGES.date },
        { path: 'zone', message: VALIDATION_MESSAGES.invalid },
        { path: 'ok', message: VALIDATION_MESSAGES.required },
      ],
    );
    expect(articleFieldIssues(fields, { name: 'Ana', age: 26, ok: true })).toEqual([
      { path: 'age', message: VALIDATION_MESSAGES.invalid, params: { max: 25 } },
    ]);
    expect(articleFieldIssues(fields, { name: 'Anabella', age: Number.NaN, ok: 'yes' })).toEqual([
      { path: 'name', message: VALIDATION_MESSAGES.maxLength, params: { maximum: 5 } },
      { path: 'age', message: VALIDATION_MESSAGES.invalid },
      { path: 'ok', message: VALIDATION_MESSAGES.invalid },
    ]);
  });
});
