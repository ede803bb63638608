// The end-to-end tests' mail server: accepts every message over SMTP, keeps it in memory, and lists
// the messages received, decoded, over HTTP for the tests to read.
//   node --import tsx e2e/support/smtp-sink.ts --smtp-port 8093 --http-port 8094
//   GET /healthz                      ok once both servers listen
//   GET /messages?to=<address>        the messages for that recipient (all without ?to), oldest first
//   GET /messages/<id>                one message, with its raw text
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import type { ReceivedMail } from './mailbox.ts';
import { decodeMail } from './mime.ts';

const { values } = parseArgs({
  options: {
    'smtp-port': { type: 'string', default: '8093' },
    'http-port': { type: 'string', default: '8094' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const messages: Array<ReceivedMail & { raw: string }> = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  disableReverseLookup: true,
  logger: false,
  // Accept 8-bit and UTF-8 addresses as they come: the tests read what the platform sent.
  hideSMTPUTF8: false,
  hide8BITMIME: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      const from = session.envelope.mailFrom;
      const receivedAt = new Date().toISOString();
      decodeMail(raw).then((decoded) => {
        messages.push({
          id: messages.length + 1,
          receivedAt,
          envelope: {
            from: from ? from.address : null,
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
          },
          ...decoded,
          raw: raw.toString('utf8'),
        });
        callback();
      }, callback);
    });
  },
});

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://sink');
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  if (request.method !== 'GET') return answer(405, { error: 'GET only' });
  if (url.pathname === '/healthz') return answer(200, { status: 'ok', messages: messages.length });
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to');
    const found = to ? messages.filter((mail) => mail.envelope.to.some((a) => sameAddress(a, to))) : messages;
    return answer(
      200,
      found.map(({ raw: _raw, ...mail }) => mail),
    );
  }
  const one = /^\/messages\/(\d+)$/.exec(url.pathname);
  const mail = one ? messages[Number(one[1]) - 1] : undefined;
  if (mail) return answer(200, mail);
  return answer(404, { error: 'not found' });
});

type Listener = {
  listen(port: number, host: string, done: () => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
};

/** Listens, or ends the program: a port in use must fail the run, not hang it. */
const listen = (server: Listener, port: string) =>
  new Promise<void>((resolve) => {
    server.once('error', (error) => {
      console.error(`smtp sink: cannot listen on ${values.host}:${port}:`, error.message);
      process.exit(1);
    });
    server.listen(Number(port), values.host, resolve);
  });

smtp.on('error', (error) => console.error('smtp sink:', error.message));
await listen(smtp, values['smtp-port']);
await listen(http, values['http-port']);
console.log(
  `smtp sink: smtp://${values.host}:${values['smtp-port']}, messages on http://${values.host}:${values['http-port']}/messages`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    http.close();
    smtp.close(() => process.exit(0));
  });
}
