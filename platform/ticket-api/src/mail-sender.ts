// The sender of every email, read from MAIL_FROM (env.ts checks it at start; the mailer writes it).
import addressparser from 'nodemailer/lib/addressparser';

/** The sender of every email (MAIL_FROM): its display name, empty when it has none, and its address. */
export type MailSender = { name: string; address: string };

/** MAIL_FROM read as one address, with or without a display name; null when it is not one. */
export function mailSenderOf(from: string): MailSender | null {
  const parsed = addressparser(from, { flatten: true });
  const [sender] = parsed;
  if (parsed.length !== 1 || !sender || !/^[^@\s]+@[^@\s]+$/.test(sender.address)) return null;
  return { name: sender.name, address: sender.address };
}
