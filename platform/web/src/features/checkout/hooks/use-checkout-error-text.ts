// Says the checkout machine's error in the visitor's language: a validation key of a form refused
// before it was sent, or a code of the sdk's catalogue with its apiErrors text (spec 02 §8).
import { DEFAULT_ERROR_CODE } from '@transit-shop/sdk/errors/error-codes';
import { useTranslation } from 'react-i18next';
import { messageKey } from '../../../lib/message-key.ts';

export function useCheckoutErrorText() {
  const { t, i18n } = useTranslation();
  return (error: string | null): string | null => {
    if (error === null) return null;
    if (error.startsWith('validation.')) return t(messageKey(error));
    const key = i18n.exists(`apiErrors.${error}`) ? `apiErrors.${error}` : `apiErrors.${DEFAULT_ERROR_CODE}`;
    return t(messageKey(key));
  };
}
