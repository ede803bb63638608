// Renewals as they will run at a later instant (decision 0043): the minute's sweep run once with a
// clock that starts at that instant, so that a demonstration or an end-to-end test sees the notice
// and the charge a month ahead without waiting a month. The charge is real: the provider charges
// the saved method and tells this ticket API, which completes the period's order. Refused in
// production for an instant ahead of now: real customers are never charged ahead of their time.
import { z } from 'zod';
import type { Clock } from '../../../clock.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import { renewDueSubscriptions } from './renewal-sweep.ts';

/** Where the staff listener runs renewals as at an instant (decision 0041). */
export const STAFF_RENEW_PATH = '/subscriptions/renew';

export const renewAsAtRequestSchema = z.strictObject({ at: z.iso.datetime({ offset: true }) });
export const renewAsAtAnswerSchema = z.strictObject({
  at: z.string(),
  noticed: z.number().int().nonnegative(),
  charged: z.number().int().nonnegative(),
});
export type RenewAsAtAnswer = z.infer<typeof renewAsAtAnswerSchema>;

/** A clock that reads `at` when made and moves on with real time. */
export function clockFrom(at: Date, real: Clock): Clock {
  const offset = at.getTime() - real.now().getTime();
  return { now: () => new Date(real.now().getTime() + offset) };
}

export class RenewAheadRefused extends Error {
  override name = 'RenewAheadRefused';
}

export async function renewAsAt(
  deps: CheckoutDeps,
  at: Date,
  options: { production: boolean },
): Promise<RenewAsAtAnswer> {
  if (options.production && at.getTime() > deps.clock.now().getTime())
    throw new RenewAheadRefused('renewals are not run ahead of their time in production');
  const counts = await renewDueSubscriptions({ ...deps, clock: clockFrom(at, deps.clock) });
  return { at: at.toISOString(), ...counts };
}
