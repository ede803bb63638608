// account/removeCardBookmark: the caller takes the bookmark off one of their saved methods (PM-03);
// the checkout then offers none first. Unbookmarking one that is not bookmarked changes nothing.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { savedPaymentMethods } from '../../db/schema/payments.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { callersLiveMethods, refuseGuest } from './saved-method-scope.ts';

export async function unbookmarkSavedPaymentMethod(options: {
  db: Database;
  network: LoadedNetwork;
  user: UserRow;
  methodId: number;
  now: Date;
}): Promise<void> {
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
