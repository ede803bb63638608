// An SMTP server inside the test process, on a free port, that keeps every message it receives:
// the raw text and its main headers (mailparser is not a dependency, so parsing stays simple).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = {
  raw: string;
  /** Header names in lower case; folded lines unfolded; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Everything after the header block, as it was sent (still in its transfer encoding). */
  body: string;
  envelope: { from: string | null; to: string[] };
};

export type SmtpCapture = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** Resolves once `count` messages have arrived (fails after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  close(): Promise<void>;
};

export function parseMail(raw: string): Pick<CapturedMail, 'headers' | 'body'> {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { headers, body };
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom;
        messages.push({
          raw,
          ...parseMail(raw),
          envelope: {
            from: from ? from.address : null,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
          },
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessages(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          cleanup();
          resolve(messages.slice(0, count));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`expected ${count} message(s), received ${messages.length}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
