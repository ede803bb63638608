// The additional information a shop item asks for (its `fields`, CART-12): what each input holds,
// whether a value follows the field's definition (required, options, length, bounds, a real date),
// and the values an article carries, keyed by field id. Messages are the sdk's validation keys.
import type { ShopItemField } from '@transit-shop/sdk/contract/catalogue';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import type { FieldError } from '../../lib/forms/use-auth-form.ts';

/** What an input holds: text for every field but a checkbox. */
export type FieldInput = string | boolean;
export type FieldInputs = Readonly<Record<string, FieldInput>>;
/** What the article carries for a field (the order article's fields). */
export type FieldValue = string | number | boolean;

export function emptyInputs(fields: readonly ShopItemField[]): Record<string, FieldInput> {
  return Object.fromEntries(fields.map((field) => [field.id, field.type === 'CHECKBOX' ? false : '']));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What is wrong with a field's input, or undefined. */
export function fieldError(field: ShopItemField, input: FieldInput | undefined): FieldError | undefined {
  if (field.type === 'CHECKBOX') {
    return field.required && input !== true ? { key: VALIDATION_MESSAGES.required } : undefined;
  }
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return field.required ? { key: VALIDATION_MESSAGES.required } : undefined;
  switch (field.type) {
    case 'TEXT':
      return field.maxLength !== null && text.length > field.maxLength
        ? { key: VALIDATION_MESSAGES.maxLength, params: { maximum: field.maxLength } }
        : undefined;
    case 'NUMBER': {
      const number = Number(text.replace(',', '.'));
      if (!Number.isFinite(number)) return { key: VALIDATION_MESSAGES.invalid };
      if (field.min !== null && number < field.min)
        return { key: 'products.fields.min', params: { min: field.min } };
      if (field.max !== null && number > field.max)
        return { key: 'products.fields.max', params: { max: field.max } };
      return undefined;
    }
    case 'DATE':
      return isCalendarDate(text) ? undefined : { key: VALIDATION_MESSAGES.date };
    case 'SELECT':
      return field.options.some((option) => option.value === text)
        ? undefined
        : { key: VALIDATION_MESSAGES.invalid };
  }
}

/** The problems of every field, by field id. */
export function fieldErrors(
  fields: readonly ShopItemField[],
  inputs: FieldInputs,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const field of fields) {
    const error = fieldError(field, inputs[field.id]);
    if (error) errors[field.id] = error;
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
