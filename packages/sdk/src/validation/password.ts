// Password rules (VAL-04): at least 12 characters with an uppercase and a lowercase letter, a
// digit and a special character. Confirmation and "differs from the current one" are form rules.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { requiredString } from './required-string.ts';

/** A new password. Never trimmed: spaces are part of it. */
export const passwordSchema = requiredString()
  .min(1, { error: VALIDATION_MESSAGES.required, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: VALIDATION_MESSAGES.minLength })
  .max(PASSWORD_MAX_LENGTH, { error: VALIDATION_MESSAGES.maxLength })
  .regex(/\p{Lu}/u, { error: VALIDATION_MESSAGES.passwordUppercase })
  .regex(/\p{Ll}/u, { error: VALIDATION_MESSAGES.passwordLowercase })
  .regex(/\p{Nd}/u, { error: VALIDATION_MESSAGES.passwordDigit })
  // Anything but a letter, a digit or a space counts as special.
  .regex(/[^\p{L}\p{N}\s]/u, { error: VALIDATION_MESSAGES.passwordSpecial });

/**
 * A password given to prove who one is (sign-in, email change): only required, because accounts
 * made before the rules may hold weaker passwords.
 */
export const currentPasswordSchema = requiredString()
  .min(1, { error: VALIDATION_MESSAGES.required, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: VALIDATION_MESSAGES.maxLength });
