// The purchase form of the product page as one state: for whom, the additional information, the
// support, the start, one period or a subscription, the quantity as typed, and where an add to the
// cart stands. After an add that
// found problems, the form is checked again as it changes (decision 0027).

import type { StartChoice } from '@transit-shop/sdk/catalogue/start-dates';
import type { ShopItem, Support } from '@transit-shop/sdk/contract/catalogue';
import type { CardChoice } from './card-choice-rules.ts';
import { emptyInputs, type FieldInput } from './field-rules.ts';

export type PurchaseForm = {
  readonly startChoice: StartChoice;
  /** The traveller chosen among the account's, null before any choice. */
  readonly profile: number | null;
  readonly support: Support;
  /** The card chosen for a PHYSICAL article, null before any choice (or after the traveller changed). */
  readonly card: CardChoice | null;
  readonly inputs: Readonly<Record<string, FieldInput>>;
  /** Bought as a tacit subscription where one is offered; one period until the buyer says so. */
  readonly subscribe: boolean;
  readonly quantityText: string;
  /** Whether the form is checked as it changes: after an add that found problems. */
  readonly rechecking: boolean;
  /** Adds refused for the form's problems: each moves the focus to the first one. */
  readonly attempt: number;
  readonly busy: boolean;
  /** Why the last add failed. */
  readonly failure: unknown;
};

export type PurchaseEvent =
  | { type: 'startChosen'; choice: StartChoice }
  | { type: 'travellerChosen'; profile: number }
  | { type: 'supportChosen'; support: Support }
  | { type: 'cardChosen'; card: CardChoice }
  | { type: 'fieldChanged'; id: string; value: FieldInput }
  | { type: 'quantityChanged'; text: string }
  | { type: 'subscriptionChosen'; subscribe: boolean }
  /** An add found problems: they show, and the form is checked as it changes. */
  | { type: 'addRefused' }
  | { type: 'addStarted' }
  | { type: 'addFailed'; failure: unknown }
  | { type: 'addDone' };

export function initialPurchaseForm(
  item: Pick<ShopItem, 'fields' | 'articleQuantityMin'>,
  supports: readonly Support[],
  startChoice: StartChoice,
): PurchaseForm {
  return {
    startChoice,
    profile: null,
    support: supports[0] as Support,
    card: null,
    inputs: emptyInputs(item.fields),
    subscribe: false,
    quantityText: String(item.articleQuantityMin),
    rechecking: false,
    attempt: 0,
    busy: false,
    failure: null,
  };
}

export function purchaseFormReducer(form: PurchaseForm, event: PurchaseEvent): PurchaseForm {
  switch (event.type) {
    case 'startChosen':
      return { ...form, startChoice: event.choice };
    case 'travellerChosen':
      // Another traveller has other cards: the choice starts again.
      return { ...form, profile: event.profile, card: form.profile === event.profile ? form.card : null };
    case 'supportChosen':
      return { ...form, support: event.support };
    case 'cardChosen':
      return { ...form, card: event.card };
    case 'fieldChanged':
      return { ...form, inputs: { ...form.inputs, [event.id]: event.value } };
    case 'quantityChanged':
      return { ...form, quantityText: event.text };
    case 'subscriptionChosen':
      return { ...form, subscribe: event.subscribe };
    case 'addRefused':
      return { ...form, rechecking: true, attempt: form.attempt + 1 };
    case 'addStarted':
      return { ...form, rechecking: false, failure: null, busy: true };
    case 'addFailed':
      return { ...form, busy: false, failure: event.failure };
    case 'addDone':
      return { ...form, busy: false };
  }
}
