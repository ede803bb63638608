// What the page says for an error code of the catalogue, as useErrorText says it: its text under
// apiErrors, or the default one for a code this build has no text for yet.
import { DEFAULT_ERROR_CODE } from '@transit-shop/sdk/errors/error-codes';
import type { i18n as I18n } from 'i18next';
import { messageKey } from '../lib/message-key.ts';

export function apiErrorText(i18n: I18n, code: string): string {
  const key = i18n.exists(`apiErrors.${code}`) ? `apiErrors.${code}` : `apiErrors.${DEFAULT_ERROR_CODE}`;
  return i18n.t(messageKey(key));
}
