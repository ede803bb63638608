// The start of every text field rule: a missing value says "required", a value of another type
// says "invalid", so a form shows the right message without knowing zod's issue codes.
import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages.ts';

export function requiredString() {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? VALIDATION_MESSAGES.required
        : VALIDATION_MESSAGES.invalid,
  });
}

/** A text that is neither missing nor blank once trimmed. */
export function filledString() {
  return requiredString().trim().min(1, { error: VALIDATION_MESSAGES.required, abort: true });
}
