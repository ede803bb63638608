// The additional information a shop item asks for (its `fields`, CART-12): what each input holds,
// the values an article carries, keyed by field id, and what is wrong with them by the sdk's rules
// (required, options, length, bounds, a real date). Messages are the sdk's validation keys.
import { articleFieldIssues } from '@transit-shop/sdk/catalogue/article-rules';
import type { ShopItemField } from '@transit-shop/sdk/contract/catalogue';
import type { FieldError } from '../../lib/forms/use-auth-form.ts';

/** What an input holds: text for every field but a checkbox. */
export type FieldInput = string | boolean;
export type FieldInputs = Readonly<Record<string, FieldInput>>;
/** What the article carries for a field (the order article's fields). */
export type FieldValue = string | number | boolean;

export function emptyInputs(fields: readonly ShopItemField[]): Record<string, FieldInput> {
  return Object.fromEntries(fields.map((field) => [field.id, field.type === 'CHECKBOX' ? false : '']));
}

/**
 * The problems of every field, by field id: the sdk's article rules (CART-12, the ticket API's
 * too) read on the values the article would carry; a number out of its bounds says which bound.
 */
export function fieldErrors(
  fields: readonly ShopItemField[],
  inputs: FieldInputs,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of articleFieldIssues(fields, fieldValues(fields, inputs))) {
    if (errors[issue.path]) continue;
    const { min, max } = issue.params ?? {};
    errors[issue.path] =
      min !== undefined
        ? { key: 'products.fields.min', params: { min } }
        : max !== undefined
          ? { key: 'products.fields.max', params: { max } }
          : issue.params
            ? { key: issue.message, params: issue.params }
            : { key: issue.message };
  }
  return errors;
}

/** The article's fields: filled ones only, a number as a number, a checkbox as a boolean. */
export function fieldValues(
  fields: readonly ShopItemField[],
  inputs: FieldInputs,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {};
  for (const field of fields) {
    const input = inputs[field.id];
    if (field.type === 'CHECKBOX') {
      if (input === true) values[field.id] = true;
      continue;
    }
    const text = typeof input === 'string' ? input.trim() : '';
    if (text === '') continue;
    values[field.id] = field.type === 'NUMBER' ? Number(text.replace(',', '.')) : text;
  }
  return values;
}
