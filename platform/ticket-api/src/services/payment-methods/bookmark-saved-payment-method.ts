// account/setCardBookmark: the caller bookmarks one of their saved methods (PM-03), the one the
// checkout offers first. One bookmark per customer and network: the others lose theirs in the
// same transaction. Bookmarking the bookmarked one again changes nothing.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, asc, ne, sql } from 'drizzle-orm';
import { savedPaymentMethods } from '../../db/schema/payments.ts';
import { callersLiveMethods, refuseGuest, type SavedMethodChange } from './saved-method-scope.ts';

export async function bookmarkSavedPaymentMethod(options: SavedMethodChange): Promise<void> {
  const { methodId, now } = options;
  refuseGuest(options.user);
  const callersMethods = callersLiveMethods(options);
  await options.db.transaction(async (tx) => {
    // Every method of the caller locked first, in one order: two bookmarks racing each other (or a
    // removal) take turns, so one bookmark is left whichever commits last.
    const live = await tx
      .select({ id: savedPaymentMethods.id })
      .from(savedPaymentMethods)
      .where(callersMethods)
      .orderBy(asc(savedPaymentMethods.id))
      .for('update');
    if (!live.some((method) => method.id === methodId)) throw new AppError('SAVED_METHOD_NOT_FOUND');
    const bookmarksThis = sql<boolean>`(${savedPaymentMethods.id} = ${methodId})`;
    await tx
      .update(savedPaymentMethods)
      .set({ bookmarked: bookmarksThis, updatedAt: now })
      .where(and(callersMethods, ne(savedPaymentMethods.bookmarked, bookmarksThis)));
  });
}
