// account/removeCardBookmark: the caller takes the bookmark off one of their saved methods (PM-03);
// the checkout then offers none first. Unbookmarking one that is not bookmarked changes nothing.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, sql } from 'drizzle-orm';
import { savedPaymentMethods } from '../../db/schema/payments.ts';
import { callersLiveMethods, refuseGuest, type SavedMethodChange } from './saved-method-scope.ts';

export async function unbookmarkSavedPaymentMethod(options: SavedMethodChange): Promise<void> {
  const { methodId, now } = options;
  refuseGuest(options.user);
  // One statement finds the method and clears its bookmark; one not bookmarked keeps its updatedAt.
  const [found] = await options.db
    .update(savedPaymentMethods)
    .set({
      bookmarked: false,
      updatedAt: sql`case when ${savedPaymentMethods.bookmarked} then ${now.toISOString()}::timestamptz else ${savedPaymentMethods.updatedAt} end`,
    })
    .where(and(callersLiveMethods(options), eq(savedPaymentMethods.id, methodId)))
    .returning({ id: savedPaymentMethods.id });
  if (!found) throw new AppError('SAVED_METHOD_NOT_FOUND');
}
