// Account/reactivate (ACC-07): cancels a pending deletion within the withdrawal period; the
// deletion job then leaves the account alone. Every other sign-in and session of the account ends
// (decision 0024): only the device that reactivated stays signed in. An account that is not pending
// deletion is answered as it is.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { SessionRow } from '../../db/schema/sessions.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { reactivationEmail } from '../../mail/templates/reactivation-email.ts';
import { emailLocale } from '../../tenants/network-locale.ts';
import { type MailDeps, sendNoticeMail } from './account-mail.ts';
import { signOutEverywhere } from './account-sessions.ts';

export async function reactivateAccount(
  options: MailDeps & {
    db: Database;
    clock: Clock;
    network: LoadedNetwork;
    user: UserRow;
    /** The caller's session, which stays. */
    session: SessionRow;
  },
): Promise<UserRow> {
  const { db, user, network } = options;
  if (user.status !== 'PENDING_DELETION') return user;
  const [active] = await db
    .update(users)
    .set({ status: 'ACTIVE', deletionRequestedAt: null, updatedAt: options.clock.now() })
    .where(and(eq(users.id, user.id), eq(users.status, 'PENDING_DELETION')))
    .returning();
  if (!active) return user;
  await signOutEverywhere({ db, clock: options.clock, holderId: active.id, keep: options.session });
  const to = active.contactEmail ?? active.email;
  if (to) {
    await sendNoticeMail(
      options,
      reactivationEmail({
        network,
        shopPort: options.shopPort,
        locale: emailLocale(network, active.locale),
        to,
        firstName: active.firstName,
      }),
    );
  }
  return active;
}
