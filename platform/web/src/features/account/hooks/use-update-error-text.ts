// Says why an account change failed: a code of the sdk's catalogue with its own message (wrong
// password, email taken, picture type, tacit subscription...) in that message; a failure that
// says nothing more (ko without a known code, unexpected error) as the change's own "could not
// be updated: retry or contact support" (spec 02 §8 "Updates").
import { isAppError } from '@transit-shop/sdk/errors/app-error';
import { DEFAULT_ERROR_CODE } from '@transit-shop/sdk/errors/error-codes';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/forms/use-error-text.ts';

/** The changes of the account area, each with its failure message under account.errors. */
export type AccountChange =
  | 'info'
  | 'picture'
  | 'password'
  | 'email'
  | 'contactEmail'
  | 'appearance'
  | 'consent'
  | 'traveller'
  | 'travellerDisable'
  | 'travellerSignIn'
  | 'deletion';

const SAYS_NOTHING_MORE = new Set<string>([DEFAULT_ERROR_CODE, 'GENERIC_ERROR', 'INVALID_REQUEST']);

export function useUpdateErrorText(change: AccountChange) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  return (error: unknown): string => {
    if (isAppError(error) && !SAYS_NOTHING_MORE.has(error.code) && i18n.exists(`apiErrors.${error.code}`)) {
      return errorText(error);
    }
    return t(`account.errors.${change}`);
  };
}

/** Whether the failure is already said beside the fields (an invalid request with its field issues). */
export function isShownBesideFields(error: unknown): boolean {
  return isAppError(error) && error.code === 'INVALID_REQUEST' && (error.details?.issues?.length ?? 0) > 0;
}
