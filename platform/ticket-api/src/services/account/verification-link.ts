// The verification link of AUTH-11: who needs one, the wait between two, and sending it.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { addSeconds, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { verificationEmail } from '../../mail/templates/verification-email.ts';
import { emailLocale } from '../../tenants/network-locale.ts';
import { type MailDeps, sendNoticeMail, sendRequiredMail } from './account-mail.ts';
import { CODE_LIFETIME_MINUTES, issueOneTimeCode } from './one-time-codes.ts';

/** Ours (decision 0011): a verification email may be asked for again after a minute. */
export const VERIFICATION_WAIT_SECONDS = 60;

/**
 * AUTH-12: a network that signs in through a default provider leaves verification to it; only
 * the others verify addresses by email.
 */
export function networkVerifiesByEmail(network: LoadedNetwork): boolean {
  return !network.network.config.authenticationProviders.some((provider) => provider.isDefault);
}

function waitError(sentAt: Date, now: Date): AppError {
  const next = addSeconds(sentAt, VERIFICATION_WAIT_SECONDS);
  return new AppError('VERIFICATION_WAIT', {
    details: { retryAfterSeconds: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)) },
  });
}

/**
 * Sends the link to the account's email and records when; answers when the next may be asked.
 * `required`: the caller asked for it, so a refusal of the mail server fails the call; otherwise
 * (after a sign-in or an email change) it is only logged.
 */
export async function sendVerificationLink(
  options: MailDeps & {
    db: Database;
    clock: Clock;
    network: LoadedNetwork;
    user: UserRow;
    required: boolean;
  },
): Promise<Date> {
  const { db, clock, user, network } = options;
  if (!user.email) throw new AppError('USERMAIL_NOT_GIVEN');
  const now = clock.now();
  const waitStart = addSeconds(now, -VERIFICATION_WAIT_SECONDS);
  // Claimed in one conditional update: two requests at once send one email.
  const [claimed] = await db
    .update(users)
    .set({ verificationEmailSentAt: now })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.verificationEmailSentAt), lte(users.verificationEmailSentAt, waitStart)),
      ),
    )
    .returning({ id: users.id });
  if (!claimed) {
    const [current] = await db
      .select({ sentAt: users.verificationEmailSentAt })
      .from(users)
      .where(eq(users.id, user.id));
    throw waitError(current?.sentAt ?? now, now);
  }

  const code = await issueOneTimeCode({
    db,
    clock,
    userId: user.id,
    networkId: network.network.config.id,
    purpose: 'EMAIL_VERIFICATION',
    email: user.email,
  });
  const message = verificationEmail({
    network,
    shopPort: options.shopPort,
    locale: emailLocale(network, user.locale),
    to: user.email,
    firstName: user.firstName,
    code,
    validHours: CODE_LIFETIME_MINUTES.EMAIL_VERIFICATION / 60,
  });
  if (!options.required) {
    await sendNoticeMail(options, message);
  } else {
    try {
      await sendRequiredMail(options, message);
    } catch (error) {
      // Not sent: the traveller may ask again at once.
      await db
        .update(users)
        .set({ verificationEmailSentAt: user.verificationEmailSentAt })
        .where(eq(users.id, user.id));
      throw error;
    }
  }
  return addSeconds(now, VERIFICATION_WAIT_SECONDS);
}
