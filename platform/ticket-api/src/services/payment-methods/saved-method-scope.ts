// Which saved methods a call may see or change: the caller's own on the call's network, not
// removed (a guest has none, AUTH-04); and what locks one against removal (PM-01): instalments
// still to be charged to it, or a tacit subscription renewed on it (decision 0043).
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { instalments, savedPaymentMethods } from '../../db/schema/payments.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import type { UserRow } from '../../db/schema/users.ts';

/** What a change of one saved method takes: the caller, their network, the method, the time. */
export type SavedMethodChange = {
  db: Database;
  network: LoadedNetwork;
  user: UserRow;
  methodId: number;
  now: Date;
};

/** Instalments not yet settled: the method they will be charged to is in use. */
export const INSTALMENTS_STILL_DUE = ['SCHEDULED', 'PENDING'] as const;

/** The caller's methods on the call's network that are still offered. */
export function callersLiveMethods(caller: { user: UserRow; network: LoadedNetwork }): SQL {
  return and(
    eq(savedPaymentMethods.userId, caller.user.id),
    eq(savedPaymentMethods.networkId, caller.network.network.config.id),
    isNull(savedPaymentMethods.removedAt),
  ) as SQL;
}

/** The instalments that lock a method: those still to be charged to it. */
export function instalmentsStillDueOn(methodId: number): SQL {
  return and(
    eq(instalments.savedPaymentMethodId, methodId),
    inArray(instalments.status, [...INSTALMENTS_STILL_DUE]),
  ) as SQL;
}

/** Subscriptions not terminated: the method they renew on is in use. */
export function subscriptionsRenewedOn(methodId: number): SQL {
  return and(
    eq(subscriptions.savedPaymentMethodId, methodId),
    inArray(subscriptions.status, ['ACTIVE', 'BLOCKED']),
  ) as SQL;
}

/** A guest has no saved method, as getCards answers it: whatever id it names is not found. */
export function refuseGuest(user: UserRow): void {
  if (user.status === 'GUEST') throw new AppError('SAVED_METHOD_NOT_FOUND');
}
