// The jobs of the ticket API and the data each carries.
import { z } from 'zod';
import { mailMessageSchema } from '../mail/mail-message.ts';

export const APP_JOBS = {
  /** An email sent in the background, retried when the mail server does not take it. */
  'send-mail': mailMessageSchema,
  /** A completed order's confirmation: its invoice PDF rendered and the email sent (CHK-07). */
  'send-order-confirmation': z.strictObject({ orderId: z.number().int().positive() }),
  /** The final deletion of accounts whose withdrawal period has ended (ACC-07): a sweep, no data. */
  'anonymise-due-accounts': z.strictObject({}),
  /** A later instalment of an order debited from the saved method on its due date (PAY-02). */
  'charge-instalment': z.strictObject({ instalmentId: z.number().int().positive() }),
  /** Every instalment due and not charged yet (a sweep behind the per-instalment jobs): no data. */
  'charge-due-instalments': z.strictObject({}),
  /** Every hosted checkout whose page must have ended, read again: an abandoned page expires. A sweep, no data. */
  'check-due-checkouts': z.strictObject({}),
  /** Documents reminded 30 days before they end and expired when they end (decision 0033). A sweep, no data. */
  'expire-documents': z.strictObject({}),
  /**
   * Tacit subscriptions whose renewal notice or charge is due (decision 0043): a sweep every minute,
   * no data; each subscription is moved under its own lock, so a sweep run twice does nothing twice.
   */
  'renew-due-subscriptions': z.strictObject({}),
  /** Rate-limit counters whose window has ended, deleted (decision 0036). A sweep, no data. */
  'sweep-rate-limits': z.strictObject({}),
  /** Provider sign-ins past their time and ended sessions' provider tokens, cleared (decision 0044). A sweep, no data. */
  'sweep-sign-ins': z.strictObject({}),
} as const;

export type AppJobs = typeof APP_JOBS;
