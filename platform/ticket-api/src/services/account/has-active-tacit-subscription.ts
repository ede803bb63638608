// Whether a tacit subscription blocks the deletion of the account (ACC-08, not enforced yet). Until
// tacit subscriptions exist, no account has one and this always answers false, so no deletion is
// refused for one; the deletion request already asks, and the answer is to come from the
// subscriptions table once it exists.
import type { Database } from '../../db/database.ts';

export async function hasActiveTacitSubscription(_db: Database, _userId: number): Promise<boolean> {
  return false;
}
