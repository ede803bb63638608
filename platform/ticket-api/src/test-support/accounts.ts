// Accounts and sessions written straight to the database, for tests of calls that need a signed-in user.
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { type NewUserRow, type UserRow, users } from '../db/schema/users.ts';
import { createSession } from '../services/sessions/create-session.ts';
import type { SessionPolicy } from '../services/sessions/session-policy.ts';

let created = 0;

export async function insertTestUser(
  db: Database,
  clock: Clock,
  overrides: Partial<NewUserRow> = {},
): Promise<UserRow> {
  created += 1;
  const now = clock.now();
  const [user] = await db
    .insert(users)
    .values({
      email: `traveller-${created}-${now.getTime()}@example.org`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      locale: 'fr',
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('the test user was not stored');
  return user;
}

/** A user and a session token for it on a network. */
export async function signedInUser(options: {
  db: Database;
  clock: Clock;
  policy: SessionPolicy;
  networkId: number;
  user?: Partial<NewUserRow>;
}) {
  const user = await insertTestUser(options.db, options.clock, options.user);
  const { token, session } = await createSession({
    db: options.db,
    clock: options.clock,
    policy: options.policy,
    userId: user.id,
    networkId: options.networkId,
  });
  return { user, token, session };
}
