// The jobs of the ticket API and the data each carries.
import { mailMessageSchema } from '../mail/mail-message.ts';

export const APP_JOBS = {
  /** An email sent in the background, retried when the mail server does not take it. */
  'send-mail': mailMessageSchema,
} as const;

export type AppJobs = typeof APP_JOBS;
