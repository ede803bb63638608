// Sends email: through the SMTP server of SMTP_URL when set, otherwise by writing each message as
// an .eml file in OUTBOX_DIR (open it with any mail client, or read it as text).
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';
import { type MailSender, mailSenderOf } from '../mail-sender.ts';
import { type MailMessage, nodemailerMessage } from './mail-message.ts';

export type SentMail = {
  messageId: string;
  accepted: string[];
  /** The .eml file written, when mail goes to the outbox. */
  file?: string;
};

export type Mailer = {
  readonly delivery: 'smtp' | 'outbox';
  sendMail(message: MailMessage): Promise<SentMail>;
  close(): void;
};

export type MailerOptions = {
  smtpUrl: string | undefined;
  outboxDir: string;
  /** MAIL_FROM: the address of every email, and the display name of those no network sends. */
  from: string;
  logger: Logger;
};

const addresses = (list: ReadonlyArray<string | { address: string }>) =>
  list.map((entry) => (typeof entry === 'string' ? entry : entry.address));

function smtpMailer(options: MailerOptions & { smtpUrl: string }, sender: MailSender): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    delivery: 'smtp',
    async sendMail(message) {
      const info = await transport.sendMail(nodemailerMessage(message, sender));
      return { messageId: info.messageId, accepted: addresses(info.accepted) };
    },
    close: () => transport.close(),
  };
}

function outboxMailer(options: MailerOptions, sender: MailSender): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<unknown> | undefined;
  return {
    delivery: 'outbox',
    async sendMail(message) {
      ready ??= mkdir(options.outboxDir, { recursive: true });
      await ready;
      const info = await transport.sendMail(nodemailerMessage(message, sender));
      // Sortable by time; written under a temporary name first so a reader never sees half a message.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(options.outboxDir, name);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      return { messageId: info.messageId, accepted: addresses(info.envelope.to), file };
    },
    close: () => transport.close(),
  };
}

export function createMailer(options: MailerOptions): Mailer {
  const sender = mailSenderOf(options.from);
  if (!sender) throw new Error(`the sender of emails is not one address: ${options.from}`);
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    options.logger.info({ smtpHost: url.hostname, smtpPort: url.port }, `mail is sent through ${url.host}`);
    return smtpMailer({ ...options, smtpUrl: options.smtpUrl }, sender);
  }
  options.logger.info(
    { outboxDir: options.outboxDir },
    `no SMTP_URL: mail is written as .eml files to ${options.outboxDir}`,
  );
  return outboxMailer(options, sender);
}
