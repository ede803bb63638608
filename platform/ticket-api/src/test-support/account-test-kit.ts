// Helpers of the account call tests: registration and sign-in through the real calls, answers
// read from their envelope, and emails received over SMTP with their text decoded.
import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { IDENTITY_CALLS, type IdentitySession } from '@transit-shop/sdk/contract/identity';
import { afterAll, beforeAll } from 'vitest';
import { createMailer } from '../mail/mailer.ts';
import type { CapturedMail, SmtpCapture } from './smtp-capture.ts';
import { startSmtpCapture } from './smtp-capture.ts';
import { envelopeOf, LUMIERE_ID, type TestApp } from './test-app.ts';

export const PASSWORD = 'Tramway-Line-7!';
export const NEW_PASSWORD = 'Funicular-Line-9?';

/** The ok answer of a call, or a failure naming the ko it got. */
export async function okOf<T = Record<string, unknown>>(response: Response): Promise<T> {
  const body = await envelopeOf(response);
  if (body.status !== 'ok') throw new Error(`expected ok, got ${response.status} ${JSON.stringify(body)}`);
  return body.response as T;
}

/** The status and error of a ko answer. */
export async function koOf(response: Response) {
  const body = await envelopeOf(response);
  if (body.status !== 'ko' || !body.response.error) {
    throw new Error(`expected ko, got ${response.status} ${JSON.stringify(body)}`);
  }
  return { status: response.status, ...body.response.error };
}

let registrations = 0;

export function uniqueEmail(prefix = 'traveller'): string {
  registrations += 1;
  return `${prefix}.${registrations}.${Math.random().toString(36).slice(2, 8)}@example.org`;
}

export type Registered = {
  email: string;
  password: string;
  identity: IdentitySession;
  user: AuthUser;
  token: string;
  networkId: number;
};

export async function signUpIdentity(
  testApp: TestApp,
  options: {
    networkId?: number;
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    locale?: string;
  } = {},
): Promise<{ email: string; password: string; identity: IdentitySession }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const identity = await okOf<IdentitySession>(
    await testApp.call(IDENTITY_CALLS.signUp, {
      email,
      password,
      firstName: options.firstName ?? 'Ada',
      lastName: options.lastName ?? 'Lovelace',
      networkId: options.networkId ?? LUMIERE_ID,
      locale: options.locale ?? 'fr',
      acceptedTerms: true,
      acceptedPrivacy: true,
    }),
  );
  return { email, password, identity };
}

export async function signInIdentity(
  testApp: TestApp,
  email: string,
  password: string,
  networkId = LUMIERE_ID,
): Promise<IdentitySession> {
  return okOf<IdentitySession>(
    await testApp.call(IDENTITY_CALLS.signInWithPassword, { email, password, networkId }),
  );
}

export function loginWith(
  testApp: TestApp,
  idToken: string,
  extra: Record<string, unknown> = {},
  networkId = LUMIERE_ID,
): Promise<Response> {
  return testApp.call(ACCOUNT_CALLS.login, { firebase_token: idToken, network_id: networkId, ...extra });
}

/** Registers through identity/signUp and signs in with Account/login.json, as the web app does. */
export async function registerAndLogin(
  testApp: TestApp,
  options: Parameters<typeof signUpIdentity>[1] = {},
): Promise<Registered> {
  const networkId = options.networkId ?? LUMIERE_ID;
  const { email, password, identity } = await signUpIdentity(testApp, options);
  const { user } = await okOf<{ user: AuthUser }>(await loginWith(testApp, identity.idToken, {}, networkId));
  return { email, password, identity, user, token: user.userToken, networkId };
}

/** A guest identity and its login on a network. */
export async function guestLogin(testApp: TestApp, networkId = LUMIERE_ID): Promise<Response> {
  const identity = await okOf<IdentitySession>(
    await testApp.call(IDENTITY_CALLS.signUp, { networkId, locale: 'fr' }),
  );
  return loginWith(testApp, identity.idToken, { authAsGuest: true }, networkId);
}

/** Mail of the test app goes to an SMTP server inside the test process for the whole file. */
export function useSmtpCapture(testApp: { readonly current: TestApp }): { readonly current: SmtpCapture } {
  let capture: SmtpCapture | undefined;
  beforeAll(async () => {
    capture = await startSmtpCapture();
    const { deps } = testApp.current;
    deps.mailer.close();
    deps.mailer = createMailer({
      smtpUrl: capture.url,
      outboxDir: testApp.current.outboxDir,
      from: 'Shop <shop@example.org>',
      logger: deps.logger,
    });
  });
  afterAll(async () => {
    await capture?.close();
  });
  return {
    get current() {
      if (!capture) throw new Error('the SMTP capture is not ready');
      return capture;
    },
  };
}

/** The next message to arrive after the `seen` first ones. */
export async function nextMail(capture: SmtpCapture, seen: number): Promise<CapturedMail> {
  const messages = await capture.waitForMessages(seen + 1);
  const message = messages[seen];
  if (!message) throw new Error('no message');
  return message;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i] as string;
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function headerBlock(part: string): { headers: Record<string, string>; body: string } {
  const normalised = part.replace(/\r\n/g, '\n').replace(/^\n/, '');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end === -1 ? '' : normalised.slice(end + 2) };
}

/** The decoded text/plain and text/html parts of a captured message. */
export function partsOf(mail: CapturedMail): { text: string; html: string } {
  const contentType = mail.headers['content-type'] ?? '';
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  const parts = boundary
    ? mail.body
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith('--'))
        .map(headerBlock)
    : [{ headers: mail.headers, body: mail.body }];
  const find = (type: string) => {
    const part = parts.find((candidate) => (candidate.headers['content-type'] ?? '').startsWith(type));
    return part ? decodeBody(part.body, part.headers['content-transfer-encoding']) : '';
  };
  return { text: find('text/plain'), html: find('text/html') };
}

/** A MIME header decoded from its RFC 2047 encoded words. */
export function decodeHeader(value: string | undefined): string {
  if (!value) return '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_whole, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The link of a message's text that opens `path`, and its code. */
export function linkIn(mail: CapturedMail, path: string): { url: URL; code: string } {
  const { text } = partsOf(mail);
  const found = text
    .match(/https?:\/\/\S+/g)
    ?.find((candidate) => new URL(candidate).pathname.endsWith(path));
  if (!found) throw new Error(`no link to ${path} in:\n${text}`);
  const url = new URL(found);
  return { url, code: url.searchParams.get('code') ?? '' };
}
