// Email rules (VAL-03): an address with an at sign, a confirmation identical to it, and a new
// address that differs from the current one.
import { EMAIL_MAX_LENGTH } from '../constants.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { filledString } from './required-string.ts';

// Something before and after one at sign, no spaces: the spec asks only for the at sign, and a
// stricter pattern would refuse addresses that mail servers accept.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

export const emailSchema = filledString()
  .max(EMAIL_MAX_LENGTH, { error: VALIDATION_MESSAGES.maxLength })
  .regex(EMAIL_SHAPE, { error: VALIDATION_MESSAGES.email });

/** Mailboxes are matched without case or surrounding spaces, as mail providers do. */
export function isSameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
