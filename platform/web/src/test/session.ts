// A session for tests: the real sdk client and session machine, answering from a fake ticket
// backend (a fetch that routes by call path), installed as the page's session. Cookies, local
// storage and the session are reset after each test.
// biome-ignore-all lint/suspicious/noDocumentCookie: tests set and clear cookies as a browser would

import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { ErrorDetails } from '@transit-shop/sdk/errors/app-error';
import { verifySignature } from '@transit-shop/sdk/signing/sign';
import type { Bootstrap } from '@transit-shop/tenancy';
import { afterEach, vi } from 'vitest';
import { writeIdentityCookie, writeTicketCookie } from '../lib/cookies.ts';
import { writeProviderCookie } from '../lib/session/provider-cookie.ts';
import {
  createSessionRuntime,
  installSessionRuntime,
  type SessionRuntime,
  uninstallSessionRuntime,
} from '../lib/session/session-runtime.ts';
import { resetSessionStatus } from '../lib/session/session-status.ts';
import { fixtureBootstrap } from './fixtures/bootstrap.ts';

export type Answer =
  | { ok: unknown }
  | { ko: { code: string; message?: string; details?: ErrorDetails }; status?: number }
  | 'unreachable';

/** What a call of the fake backend answers, given its payload. */
export type Handler = (payload: Record<string, unknown>) => Answer | Promise<Answer>;

export type ReceivedCall = {
  path: string;
  method: string;
  payload: Record<string, unknown>;
  signed: boolean;
};

/** A fake ticket backend behind `apiBase`: each call path answers with its handler, in envelopes. */
export function fakeTicketBackend(handlers: Record<string, Handler>, signingKey: string) {
  const calls: ReceivedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const payload = (text ? JSON.parse(text) : Object.fromEntries(url.searchParams)) as Record<
      string,
      unknown
    >;
    const { signature, ...signedFields } = payload;
    const signed =
      typeof signature === 'string' && (await verifySignature(signedFields, signature, signingKey));
    calls.push({ path, method: request.method, payload, signed });
    const handler = handlers[path];
    const answer: Answer = handler
      ? await handler(payload)
      : { ko: { code: 'NOT_FOUND', message: `no ${path}` }, status: 404 };
    if (answer === 'unreachable') throw new TypeError('Failed to fetch');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if ('ok' in answer) return json(200, { status: 'ok', response: answer.ok });
    return json(answer.status ?? 400, {
      status: 'ko',
      response: { error: { message: answer.ko.code, ...answer.ko } },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, mock: fetch };
}

export function fixtureUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    userToken: 'token-7',
    userId: 7,
    userName: 'Léa',
    userLastname: 'Martin',
    userMail: 'lea@example.org',
    userBirthday: '1990-04-01',
    userPictureUrl: null,
    userPhoneNumber: null,
    userStatus: 'ACTIVE',
    isParent: true,
    verifiedAt: '2026-01-02T10:00:00.000Z',
    authAsGuest: false,
    address: null,
    customerNumber: 'C-000007',
    contactEmail: null,
    appearance: 'SYSTEM',
    dataSharingConsent: false,
    locale: 'fr',
    identities: [],
    signedInWith: null,
    profiles: [],
    deletionRequestedAt: null,
    sessionExpiresAt: '2026-12-10T12:00:00.000Z',
    ...overrides,
  };
}

export const identityAnswer = (name = 'lea') => ({
  ok: { idToken: `id-${name}`, refreshToken: `refresh-${name}`, expiresIn: 3600, localId: name, email: null },
});

export type TestSessionOptions = {
  handlers?: Record<string, Handler>;
  /** A session kept from an earlier visit (the user ticket cookie, and the identity cookie). */
  signedInAs?: AuthUser;
  bootstrap?: Bootstrap;
};

/** Installs the page's session on a fake backend; returns it with the calls the backend received. */
export function createTestSession(options: TestSessionOptions = {}) {
  const bootstrap = options.bootstrap ?? fixtureBootstrap();
  const user = options.signedInAs;
  const handlers: Record<string, Handler> = {
    ...(user ? { 'Account/getUser.json': () => ({ ok: { user } }) } : {}),
    ...options.handlers,
  };
  if (user) {
    writeIdentityCookie({ idToken: 'id-kept', refreshToken: 'refresh-kept' });
    writeTicketCookie({ userToken: user.userToken, userId: user.userId, guest: user.authAsGuest });
    writeProviderCookie(user.signedInWith);
  }
  const backend = fakeTicketBackend(handlers, bootstrap.network.signingKey);
  resetSessionStatus();
  const runtime: SessionRuntime = createSessionRuntime({ bootstrap, fetch: backend.fetch });
  installSessionRuntime(runtime);
  return { runtime, calls: backend.calls, handlers };
}

/** The paths the backend was called at, in order. */
export function calledPaths(calls: readonly ReceivedCall[]): string[] {
  return calls.map((call) => call.path);
}

/** Answers the tenant service's own calls (bootstrap, alerts) when the whole app renders. */
export function stubTenantService(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ payload: [] }), { headers: { 'content-type': 'application/json' } }),
    ),
  );
}

afterEach(() => {
  uninstallSessionRuntime();
  for (const name of ['identity', 'ticket', 'provider']) document.cookie = `${name}=; Max-Age=0; Path=/`;
  localStorage.clear();
  resetSessionStatus();
});
