// A translation key built at run time (an error code, a validation key of the sdk, a form's
// summary): the one place a string is taken for a typed key (src/i18next.d.ts). The i18n tests
// check that every code and validation key of the sdk has its text in every language; any other
// built key is looked up with i18n.exists first.
import type { ParseKeys } from 'i18next';

export type MessageKey = ParseKeys;

export const messageKey = (key: string): MessageKey => key as MessageKey;
