// Account/resetPassword (AUTH-06): emails a one-time link to choose a new password. An unknown email
// answers USER_NOT_FOUND, as the spec says, so requests are limited per email and network, counted
// before the email is looked up (decision 0011).
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { passwordResetEmail } from '../../mail/templates/password-reset-email.ts';
import { emailLocale } from '../../tenants/network-locale.ts';
import { findIdentityByEmail } from '../identity/identity-accounts.ts';
import { emailKey } from '../identity/sign-in-lockout.ts';
import { type MailDeps, sendRequiredMail } from './account-mail.ts';
import { CODE_LIFETIME_MINUTES, issueOneTimeCode } from './one-time-codes.ts';
import { hitRateLimit, type RateLimit, rateLimitKey } from './rate-limit.ts';

/** Ours: three reset emails per address and network in an hour. */
export const RESET_PASSWORD_LIMIT: RateLimit = { name: 'reset-password', maxHits: 3, windowMinutes: 60 };

export async function resetPassword(
  options: MailDeps & {
    db: Database;
    clock: Clock;
    network: LoadedNetwork;
    email: string;
    /** The language of the page the request came from. */
    locale?: Locale | undefined;
  },
): Promise<void> {
  const { db, clock, network } = options;
  const networkId = network.network.config.id;
  await hitRateLimit({
    db,
    limit: RESET_PASSWORD_LIMIT,
    key: rateLimitKey(RESET_PASSWORD_LIMIT, networkId, emailKey(options.email)),
  });
  const found = await findIdentityByEmail(db, options.email);
  const to = found?.account.email;
  if (!found || !to) throw new AppError('USER_NOT_FOUND');
  const { user } = found;

  const code = await issueOneTimeCode({
    db,
    clock,
    userId: user.id,
    networkId,
    purpose: 'PASSWORD_RESET',
    email: to,
  });
  await sendRequiredMail(
    options,
    passwordResetEmail({
      network,
      shopPort: options.shopPort,
      locale: emailLocale(network, options.locale ?? user.locale),
      to,
      firstName: user.firstName,
      code,
      validMinutes: CODE_LIFETIME_MINUTES.PASSWORD_RESET,
    }),
  );
}
