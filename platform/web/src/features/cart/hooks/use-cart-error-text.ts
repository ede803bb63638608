// Says why the cart refused something, in the visitor's language: the cart's own texts for the codes
// of its refusals, of the vouchers (VOUCH-02) and of the order verification; any other code (a
// timeout, a lost connection, an answer this build does not know) as the app says every API error.
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';
import { messageKey } from '../../../lib/message-key.ts';

export function useCartErrorText() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  /** The text of a catalogue code, or of an error carrying one. */
  return (error: unknown): string => {
    const code = typeof error === 'string' ? error : isAppError(error) ? error.code : null;
    if (code && i18n.exists(`cart.errors.${code}`)) return t(messageKey(`cart.errors.${code}`));
    return errorText(typeof error === 'string' ? null : error);
  };
}
