// An email as services hand it to the mailer or to the send-mail job (templates come later).
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
});

export type MailMessage = z.infer<typeof mailMessageSchema>;
