// Account/sendVerificationEmail (AUTH-11): the verification link again, at most once a minute
// (VERIFICATION_WAIT with retryAfterSeconds); ALREADY_VERIFIED by the rule of AUTH-12.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { isAccountVerified } from '@transit-shop/sdk/validation/account-rules';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { MailDeps } from './account-mail.ts';
import { sendVerificationLink } from './verification-link.ts';

export async function sendVerificationEmail(
  options: MailDeps & { db: Database; clock: Clock; network: LoadedNetwork; user: UserRow },
): Promise<{ nextRequestAt: Date }> {
  const { user, network } = options;
  if (user.status === 'GUEST') throw new AppError('GUEST_NOT_ALLOWED');
  const verifiedAt = user.verifiedAt?.toISOString() ?? null;
  if (isAccountVerified({ verifiedAt }, network.network.config.authenticationProviders)) {
    throw new AppError('ALREADY_VERIFIED');
  }
  const nextRequestAt = await sendVerificationLink({ ...options, required: true });
  return { nextRequestAt };
}
