// An email as services hand it to the mailer or to the send-mail job, with its attachments.
import { z } from 'zod';

const address = z.string().trim().min(3).max(320);

export const mailMessageSchema = z.strictObject({
  to: z.union([address, z.array(address).min(1).max(50)]),
  subject: z.string().min(1).max(998),
  text: z.string(),
  html: z.string().optional(),
  replyTo: address.optional(),
  /** Extra headers, such as a List-Unsubscribe or the id of what the message is about. */
  headers: z.record(z.string(), z.string()).optional(),
  /** Files sent with it (an invoice PDF), in base64 so that the message stays JSON in a job. */
  attachments: z
    .array(
      z.strictObject({
        filename: z.string().min(1).max(200),
        contentType: z.string().min(3).max(100),
        contentBase64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
      }),
    )
    .max(10)
    .optional(),
});

export type MailMessage = z.infer<typeof mailMessageSchema>;

/** What nodemailer sends for a message: the attachments decoded from base64 by nodemailer itself. */
export function nodemailerMessage(message: MailMessage, from: string) {
  const { attachments, ...rest } = message;
  return {
    ...rest,
    from,
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
