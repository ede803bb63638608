// A transaction whose commit does not wait for the disk (PostgreSQL's asynchronous commit, for
// this transaction only; decision 0046). It is visible to every other call at once and as safe
// from corruption as any other; what a crash of the database server can lose is the last fraction
// of a second of such commits. Only for writes whose loss costs a sign-in at most: the lockout's
// counters, and what a sign-in creates (its record, its tokens, its session). Never for a
// revocation, a payment or an order.
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

export function commitWithoutFlush<T>(db: Database, step: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return step(tx);
  });
}
