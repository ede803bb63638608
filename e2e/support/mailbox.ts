// The mail the platform sent, read from the SMTP sink the tests start beside it (smtp-sink.ts).
import { expect } from '@playwright/test';
import type { MailAttachment } from './mime.ts';
import { MAILBOX_PORT } from './platform.ts';

export type ReceivedMail = {
  id: number;
  receivedAt: string;
  envelope: { from: string | null; to: string[] };
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
};

const MAILBOX = `http://127.0.0.1:${MAILBOX_PORT}`;

/** Every message received for an address, oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${MAILBOX}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`the mailbox answered ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}

/** The links of a message's text part. */
export function linksOf(mail: ReceivedMail): URL[] {
  return [...mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => new URL(match[0]));
}

/** The link of a message to a page of the shop, by its path without the language prefix. */
export function shopLinkOf(mail: ReceivedMail, path: string): URL | undefined {
  return linksOf(mail).find((link) => link.pathname.replace(/^\/(en|ar|it|es)(?=\/)/, '') === path);
}

/**
 * Waits until a message to `to` with a link to `path` has arrived (the n-th such message when
 * `nth` is given, counting from 1), and answers it with that link.
 */
export async function waitForMail(
  to: string,
  path: string,
  options: { nth?: number; timeout?: number } = {},
): Promise<{ mail: ReceivedMail; link: URL }> {
  const nth = options.nth ?? 1;
  let found: Array<{ mail: ReceivedMail; link: URL }> = [];
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).flatMap((mail) => {
          const link = shopLinkOf(mail, path);
          return link ? [{ mail, link }] : [];
        });
        return found.length;
      },
      { message: `an email to ${to} with a link to ${path}`, timeout: options.timeout ?? 20_000 },
    )
    .toBeGreaterThanOrEqual(nth);
  const result = found[nth - 1];
  if (!result) throw new Error('unreachable: the poll counted the message');
  return result;
}

/** Waits until a message to `to` whose subject matches has arrived, and answers the first such. */
export async function waitForMailWithSubject(
  to: string,
  subject: RegExp,
  options: { timeout?: number } = {},
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).find((mail) => subject.test(mail.subject));
        return found !== undefined;
      },
      { message: `an email to ${to} with the subject ${subject}`, timeout: options.timeout ?? 30_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable: the poll found the message');
  return found;
}
