// What the checkout's services are given (placement, the payment's outcome, the jobs), and what they
// share about the provider: the route it notifies, and how long a payment it never started waits.
import type { AppDeps } from '../app-deps.ts';

export type CheckoutDeps = Pick<
  AppDeps,
  | 'db'
  | 'clock'
  | 'payments'
  | 'cards'
  | 'publicUrl'
  | 'jobs'
  | 'logger'
  | 'shopPort'
  | 'networks'
  | 'mailer'
  | 'ticketSigner'
>;

/** Ours: a payment the provider never started is given up after a checkout's lifetime and a minute. */
export const UNSTARTED_PAYMENT_MS = 31 * 60_000;

/** The notification route of the provider, on this service's public origin. */
export const notifyUrlOf = (deps: Pick<AppDeps, 'publicUrl' | 'payments'>) =>
  `${deps.publicUrl}/payments/notifications/${deps.payments.name}`;
