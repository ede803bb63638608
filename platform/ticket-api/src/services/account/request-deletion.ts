// Account/requestDeletion (ACC-06): the account holder closes the account. It becomes
// PENDING_DELETION for the 30-day withdrawal period, every session and identity sign-in of the
// account ends (the traveller is logged out everywhere), and a confirmation is emailed. The
// deletion job erases it when the period has run out (anonymise-account.ts), unless it is
// reactivated before (ACC-07). A tacit subscription not terminated refuses the request (ACC-08).
import { DELETION_WITHDRAWAL_DAYS } from '@transit-shop/sdk/constants';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq } from 'drizzle-orm';
import { addDays, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { deletionConfirmationEmail } from '../../mail/templates/deletion-confirmation-email.ts';
import { emailLocale } from '../../tenants/network-locale.ts';
import { type MailDeps, sendNoticeMail } from './account-mail.ts';
import { signOutEverywhere } from './account-sessions.ts';
import { assertAccountOpen } from './auth-user.ts';
import { hasActiveTacitSubscription } from './has-active-tacit-subscription.ts';

export async function requestDeletion(
  options: MailDeps & { db: Database; clock: Clock; network: LoadedNetwork; user: UserRow },
): Promise<{ deletionRequestedAt: Date; deletionEffectiveAt: Date }> {
  const { db, clock, user, network } = options;
  assertAccountOpen(user);
  if (user.status === 'GUEST') throw new AppError('GUEST_NOT_ALLOWED');
  // Signed in as a traveller profile: only the holder closes the account.
  if (user.parentUserId !== null) throw new AppError('FORBIDDEN');
  if (await hasActiveTacitSubscription(db, user.id)) throw new AppError('DELETION_BLOCKED_BY_SUBSCRIPTION');

  const now = clock.now();
  const [pending] = await db
    .update(users)
    .set({ status: 'PENDING_DELETION', deletionRequestedAt: now, updatedAt: now })
    .where(and(eq(users.id, user.id), eq(users.status, 'ACTIVE')))
    .returning();
  if (!pending) throw new AppError('ACCOUNT_PENDING_DELETION');
  // Every device is signed out: sessions, and the identity's refresh and id tokens (decision 0024).
  await signOutEverywhere({ db, clock, holderId: user.id });

  const deletionEffectiveAt = addDays(now, DELETION_WITHDRAWAL_DAYS);
  const to = pending.contactEmail ?? pending.email;
  if (to) {
    await sendNoticeMail(
      options,
      deletionConfirmationEmail({
        network,
        shopPort: options.shopPort,
        locale: emailLocale(network, pending.locale),
        to,
        firstName: pending.firstName,
        deletionEffectiveAt,
      }),
    );
  }
  return { deletionRequestedAt: now, deletionEffectiveAt };
}
