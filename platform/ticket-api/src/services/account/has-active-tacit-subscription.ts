// Whether a tacit subscription blocks the deletion of the account (ACC-08): one not terminated, on
// any network (the account is global), for the holder or any of their travellers. Blocked ones count:
// they are still to be renewed once their method is replaced. The customer terminates them first.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';

export async function hasActiveTacitSubscription(db: Database, userId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['ACTIVE', 'BLOCKED'])))
    .limit(1);
  return found !== undefined;
}
