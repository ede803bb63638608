// The jobs of the ticket API and the data each carries.
import { z } from 'zod';
import { mailMessageSchema } from '../mail/mail-message.ts';

export const APP_JOBS = {
  /** An email sent in the background, retried when the mail server does not take it. */
  'send-mail': mailMessageSchema,
  /** The final deletion of accounts whose withdrawal period has ended (ACC-07): a sweep, no data. */
  'anonymise-due-accounts': z.strictObject({}),
} as const;

export type AppJobs = typeof APP_JOBS;
