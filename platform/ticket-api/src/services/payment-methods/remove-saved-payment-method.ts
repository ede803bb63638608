// Account/unregisterCard.json: the caller removes one of their saved methods (PM-03). It is offered
// no more and loses its bookmark; the row stays for the instalments that refer to it. A locked one
// (instalments still due, PM-01, or a subscription renewed on it) is refused and kept as it is.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, notExists, sql } from 'drizzle-orm';
import { instalments, savedPaymentMethods } from '../../db/schema/payments.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import {
  callersLiveMethods,
  instalmentsStillDueOn,
  refuseGuest,
  type SavedMethodChange,
  subscriptionsRenewedOn,
} from './saved-method-scope.ts';

export async function removeSavedPaymentMethod(options: SavedMethodChange): Promise<void> {
  const { db, methodId, now } = options;
  refuseGuest(options.user);
  const callersMethod = and(callersLiveMethods(options), eq(savedPaymentMethods.id, methodId));
  // Checked and removed in one statement, not read then written: of two removals racing, one
  // removes and the other finds nothing; a bookmark racing it waits for it.
  const [removed] = await db
    .update(savedPaymentMethods)
    .set({ removedAt: now, updatedAt: now, bookmarked: false })
    .where(
      and(
        callersMethod,
        notExists(db.select({ one: sql`1` }).from(instalments).where(instalmentsStillDueOn(methodId))),
        notExists(db.select({ one: sql`1` }).from(subscriptions).where(subscriptionsRenewedOn(methodId))),
      ),
    )
    .returning({ id: savedPaymentMethods.id });
  if (removed) return;
  // Nothing removed: either it is not the caller's live method, or it is locked.
  const [kept] = await db
    .select({ id: savedPaymentMethods.id })
    .from(savedPaymentMethods)
    .where(callersMethod)
    .limit(1);
  throw new AppError(kept ? 'SAVED_METHOD_LOCKED' : 'SAVED_METHOD_NOT_FOUND');
}
