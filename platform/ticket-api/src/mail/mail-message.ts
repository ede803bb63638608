// An email as services hand it to the mailer or to the send-mail job, with its attachments, and
// the sender nodemailer writes: MAIL_FROM's address under the display name of whom the email is from.
import { z } from 'zod';
import type { MailSender } from '../mail-sender.ts';

/** An invoice and up to 50 printed tickets. */
const MAX_ATTACHMENTS = 51;
const address = z.string().trim().min(3).max(320);
/** A display name: no control character, so that no name can break the From header. */
const displayName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^\P{Cc}*$/u, 'a display name without control characters');

export const mailMessageSchema = z.strictObject({
  to: z.union([address, z.array(address).min(1).max(50)]),
  subject: z.string().min(1).max(998),
  text: z.string(),
  html: z.string().optional(),
  replyTo: address.optional(),
  /** The sender's display name: the network's name for an email sent on its behalf; else MAIL_FROM's. */
  senderName: displayName.optional(),
  /** Extra headers, such as a List-Unsubscribe or the id of what the message is about. */
  headers: z.record(z.string(), z.string()).optional(),
  /**
   * Files sent with it (an invoice PDF, a guest's printed tickets), in base64 so that the message
   * stays JSON in a job.
   */
  attachments: z
    .array(
      z.strictObject({
        filename: z.string().min(1).max(200),
        contentType: z.string().min(3).max(100),
        contentBase64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
      }),
    )
    .max(MAX_ATTACHMENTS)
    .optional(),
});

export type MailMessage = z.infer<typeof mailMessageSchema>;

/**
 * What nodemailer sends for a message: the sender as an address object (nodemailer encodes a
 * non-ASCII name, RFC 2047), the attachments decoded from base64 by nodemailer itself.
 */
export function nodemailerMessage(message: MailMessage, sender: MailSender) {
  const { attachments, senderName, ...rest } = message;
  // The schema refuses control characters; a message handed over without it loses them here.
  const name = (senderName ?? sender.name).replace(/\p{Cc}+/gu, ' ').trim();
  return {
    ...rest,
    from: name ? { name, address: sender.address } : sender.address,
    ...(attachments && {
      attachments: attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: attachment.contentBase64,
        encoding: 'base64',
      })),
    }),
  };
}
