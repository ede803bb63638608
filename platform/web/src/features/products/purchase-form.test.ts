import { NO_START as start } from '@transit-shop/sdk/catalogue/start-dates';
import { describe, expect, it } from 'vitest';
import { initialPurchaseForm, purchaseFormReducer } from './purchase-form.ts';

const initial = initialPurchaseForm({ fields: [], articleQuantityMin: 2 }, ['DEMATERIALIZED'], start);

describe('the purchase form', () => {
  it('starts with the first support, the minimum quantity and no add under way', () => {
    expect(initial).toMatchObject({
      support: 'DEMATERIALIZED',
      quantityText: '2',
      profile: null,
      busy: false,
    });
  });

  it('an add that found problems shows them and checks the form as it changes; the next add stops that', () => {
    const refused = purchaseFormReducer(initial, { type: 'addRefused' });
    expect(refused).toMatchObject({ rechecking: true, attempt: 1 });
    const started = purchaseFormReducer(refused, { type: 'addStarted' });
    expect(started).toMatchObject({ rechecking: false, busy: true, failure: null });
  });

  it('a failed add keeps its reason until the next add starts', () => {
    const failed = purchaseFormReducer(purchaseFormReducer(initial, { type: 'addStarted' }), {
      type: 'addFailed',
      failure: 'LOST',
    });
    expect(failed).toMatchObject({ busy: false, failure: 'LOST' });
    expect(purchaseFormReducer(failed, { type: 'addStarted' }).failure).toBeNull();
  });

  it('keeps each additional field as typed', () => {
    const typed = purchaseFormReducer(initial, { type: 'fieldChanged', id: 'plate', value: 'AB-123' });
    expect(typed.inputs).toEqual({ plate: 'AB-123' });
  });
});
