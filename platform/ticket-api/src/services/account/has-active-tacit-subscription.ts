// ACC-08: a tacit subscription blocks the deletion of the account. Subscriptions are not stored
// yet, so no account has one; the deletion request already asks, and the answer comes from the
// subscriptions table once it exists.
import type { Database } from '../../db/database.ts';

export async function hasActiveTacitSubscription(_db: Database, _userId: number): Promise<boolean> {
  return false;
}
