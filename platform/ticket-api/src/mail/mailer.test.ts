import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { decodeHeader } from '../test-support/account-test-kit.ts';
import { parseMail, type SmtpCapture, startSmtpCapture } from '../test-support/smtp-capture.ts';
import { mailMessageSchema } from './mail-message.ts';
import { createMailer } from './mailer.ts';

const logs: { msg: string; [key: string]: unknown }[] = [];
const logger = createLogger({
  level: 'info',
  destination: { write: (line: string) => void logs.push(JSON.parse(line)) },
});
const FROM = 'Lumière Mobilités <no-reply@lumiere.example>';

describe('mail over SMTP', () => {
  let capture: SmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(() => capture.close());

  it('sends a real message to the SMTP server of SMTP_URL', async () => {
    const mailer = createMailer({ smtpUrl: capture.url, outboxDir: '/nowhere', from: FROM, logger });
    try {
      expect(mailer.delivery).toBe('smtp');
      const sent = await mailer.sendMail({
        to: 'ada@example.org',
        subject: 'Votre compte Lumière',
        text: 'Bonjour Ada,\nvotre compte est prêt.',
        headers: { 'X-Network': 'lumiere' },
      });
      expect(sent.accepted).toEqual(['ada@example.org']);
      const [message] = await capture.waitForMessages(1);
      expect(message?.envelope).toEqual({ from: 'no-reply@lumiere.example', to: ['ada@example.org'] });
      expect(message?.headers['message-id']).toBe(sent.messageId);
      expect(message?.headers.to).toBe('ada@example.org');
      expect(message?.headers['x-network']).toBe('lumiere');
      // Non-ASCII headers travel encoded (RFC 2047); the raw text still names the encoding.
      expect(message?.headers.subject).toMatch(/^=\?UTF-8\?/);
      expect(message?.raw).toContain('Content-Type: text/plain; charset=utf-8');
    } finally {
      mailer.close();
    }
  });

  it('sends the attachments of a message, such as the invoice PDF', async () => {
    const mailer = createMailer({ smtpUrl: capture.url, outboxDir: '/nowhere', from: FROM, logger });
    try {
      const pdf = Buffer.from('%PDF-1.3\n% an invoice\n%%EOF\n');
      await mailer.sendMail({
        to: 'grace@example.org',
        subject: 'Invoice LUM-000001',
        text: 'Your invoice is attached.',
        attachments: [
          {
            filename: 'LUM-000001.pdf',
            contentType: 'application/pdf',
            contentBase64: pdf.toString('base64'),
          },
        ],
      });
      const message = (await capture.waitForMessages(2)).find(
        (mail) => mail.envelope.to[0] === 'grace@example.org',
      );
      expect(message?.headers['content-type']).toMatch(/^multipart\/mixed/);
      expect(message?.raw).toContain('Content-Type: application/pdf; name=LUM-000001.pdf');
      expect(message?.raw).toContain('Content-Disposition: attachment; filename=LUM-000001.pdf');
      const encoded = message?.raw
        .split('filename=LUM-000001.pdf')[1]
        ?.split(/\r?\n\r?\n/)[1]
        ?.split(/\r?\n--/)[0];
      expect(Buffer.from(encoded?.replace(/\s/g, '') ?? '', 'base64').equals(pdf)).toBe(true);
    } finally {
      mailer.close();
    }
  });

  it('names the sender of an email sent on behalf of a network after it, encoded, at MAIL_FROM’s address', async () => {
    const mailer = createMailer({ smtpUrl: capture.url, outboxDir: '/nowhere', from: FROM, logger });
    try {
      await mailer.sendMail({ to: 'salma@example.org', senderName: 'مترو الواحة', subject: 'S', text: 'T' });
      await mailer.sendMail({
        to: 'ada@example.org',
        senderName: 'Lakeside Transit',
        subject: 'S',
        text: 'T',
      });
      const received = await capture.waitForMessages(4);
      const arabic = received.find((mail) => mail.envelope.to[0] === 'salma@example.org');
      const latin = received.find(
        (mail) => mail.envelope.to[0] === 'ada@example.org' && mail.headers.subject === 'S',
      );
      // Non-ASCII names travel as an RFC 2047 encoded word, the address as MAIL_FROM has it.
      expect(arabic?.headers.from).toMatch(/^=\?UTF-8\?[BQ]\?.+\?= <no-reply@lumiere\.example>$/);
      expect(decodeHeader(arabic?.headers.from)).toBe('مترو الواحة <no-reply@lumiere.example>');
      expect(arabic?.envelope.from).toBe('no-reply@lumiere.example');
      expect(latin?.headers.from).toBe('Lakeside Transit <no-reply@lumiere.example>');
    } finally {
      mailer.close();
    }
  });

  it('lets no sender name add a header, and the job’s schema refuses one with a line break', async () => {
    expect(
      mailMessageSchema.safeParse({
        to: 'a@example.org',
        senderName: 'Shop\r\nBcc: b@example.org',
        subject: 'S',
        text: 'T',
      }).success,
    ).toBe(false);
    const mailer = createMailer({ smtpUrl: capture.url, outboxDir: '/nowhere', from: FROM, logger });
    try {
      await mailer.sendMail({
        to: 'mallory@example.org',
        senderName: 'Shop\r\nBcc: eve@example.org',
        subject: 'S',
        text: 'T',
      });
      const received = await capture.waitForMessages(5);
      const message = received.find((mail) => mail.envelope.to[0] === 'mallory@example.org');
      expect(message?.envelope.to).toEqual(['mallory@example.org']);
      expect(message?.headers.bcc).toBeUndefined();
      // One header: the line break became a space inside the quoted name.
      expect(message?.headers.from).toBe('"Shop Bcc: eve@example.org" <no-reply@lumiere.example>');
    } finally {
      mailer.close();
    }
  });
});

describe('mail to the outbox', () => {
  let outboxDir: string;
  beforeAll(async () => {
    outboxDir = join(await mkdtemp(join(tmpdir(), 'ticket-mail-')), 'outbox');
  });
  afterAll(() => rm(join(outboxDir, '..'), { recursive: true, force: true }));

  it('writes each message as an .eml file when no SMTP_URL is set, and says so at start', async () => {
    const mailer = createMailer({ smtpUrl: undefined, outboxDir, from: FROM, logger });
    expect(mailer.delivery).toBe('outbox');
    expect(logs.some((line) => line.msg.includes(`mail is written as .eml files to ${outboxDir}`))).toBe(
      true,
    );

    const first = await mailer.sendMail({ to: 'ada@example.org', subject: 'One', text: 'first' });
    const second = await mailer.sendMail({
      to: ['a@example.org', 'b@example.org'],
      subject: 'Two',
      text: 'second',
    });
    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    expect(second.accepted).toEqual(['a@example.org', 'b@example.org']);

    const written = parseMail(await readFile(first.file as string, 'utf8'));
    expect(written.headers).toMatchObject({
      from: '=?UTF-8?Q?Lumi=C3=A8re_Mobilit=C3=A9s?= <no-reply@lumiere.example>',
      to: 'ada@example.org',
      subject: 'One',
      'message-id': first.messageId,
    });
    expect(written.body.trim()).toBe('first');
    mailer.close();
  });
});
