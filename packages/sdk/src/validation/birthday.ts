// Birthday rule: a real calendar day written YYYY-MM-DD, not after today.
import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages.ts';

/** Today's calendar day where the code runs, YYYY-MM-DD. */
export function localIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export const birthdaySchema = z.iso
  .date({ error: VALIDATION_MESSAGES.date })
  // ISO dates compare as text.
  .refine((day) => day <= localIsoDate(new Date()), { error: VALIDATION_MESSAGES.birthdayInFuture })
  .refine((day) => day >= '1900-01-01', { error: VALIDATION_MESSAGES.date });
