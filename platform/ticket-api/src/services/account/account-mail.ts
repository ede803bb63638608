// Sends the account emails. An email that is the point of the call (a verification link, a reset
// link) must go out or the call fails and can be retried; a confirmation of something already done
// (a deletion request, a reactivation) is logged when it cannot be sent and the call succeeds.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Logger } from '../../logger.ts';
import type { MailMessage } from '../../mail/mail-message.ts';
import type { Mailer } from '../../mail/mailer.ts';

export type MailDeps = {
  mailer: Mailer;
  logger: Logger;
  /** The port the shops answer on, written in email links (unset: the scheme's default). */
  shopPort?: number | undefined;
};

export async function sendRequiredMail(deps: MailDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.sendMail(message);
  } catch (error) {
    deps.logger.error({ err: error, subject: message.subject }, 'an account email could not be sent');
    throw new AppError('SERVICE_UNAVAILABLE', { message: 'The email could not be sent: retry later' });
  }
}

export async function sendNoticeMail(deps: MailDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.sendMail(message);
  } catch (error) {
    deps.logger.error({ err: error, subject: message.subject }, 'an account notice could not be sent');
  }
}
