import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  disableProfileCall,
  getUserCall,
  loginCall,
  logoutCall,
  uploadPictureCall,
} from '../contract/account.ts';
import type { AuthUser } from '../contract/auth-user.ts';
import { defineCall } from '../contract/define-call.ts';
import { ko, ok } from '../contract/envelope.ts';
import { idSchema, signedRequest, textIdSchema, userTokenSchema } from '../contract/fields.ts';
import { AppError } from '../errors/app-error.ts';
import {
  ConnectionError,
  GenericError,
  ProfilesError,
  TicketApiError,
  TimeoutError,
} from '../errors/client-errors.ts';
import { verifySignature } from '../signing/sign.ts';
import { createTicketClient, type TicketClientOptions } from './ticket-client.ts';

const KEY = 'network-101-shared-key';
const SESSION = { userToken: 't'.repeat(64), userId: 7 };

const user: AuthUser = {
  userToken: SESSION.userToken,
  userId: 7,
  userName: 'Anne',
  userLastname: 'Martin',
  userMail: 'anne@example.com',
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
};

/** A GET call with arrays, like wallet/tickets (API-07). */
const ticketsCall = defineCall({
  path: 'wallet/tickets',
  method: 'GET',
  authenticated: true,
  request: signedRequest({
    id: z.array(idSchema),
    blueprintId: z.array(idSchema),
    networkId: z.array(idSchema),
    userToken: userTokenSchema,
    userId: textIdSchema,
  }),
  response: z.object({ tickets: z.array(z.string()) }),
});

type Received = {
  method: string;
  path: string;
  query: string;
  contentType: string;
  payload: Record<string, unknown>;
  signatureValid: boolean;
};
type Reply = { status?: number; body: unknown } | 'hang' | 'reset';

async function readPayload(request: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  if (request.method === 'GET') return Object.fromEntries(url.searchParams);
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const contentType = request.headers['content-type'] ?? '';
  if (contentType.startsWith('application/json')) return JSON.parse(body.toString('utf8'));
  const form = await new Request('http://server.test/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  }).formData();
  const payload: Record<string, unknown> = {};
  form.forEach((value, key) => {
    payload[key] = value;
  });
  return payload;
}

const servers: { close(): Promise<void> }[] = [];

/** A real HTTP server standing for the ticket backend: checks signatures, records requests, answers as told. */
async function startBackend(reply: (received: Received) => Reply) {
  const received: Received[] = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://server.test');
    const payload = await readPayload(request, url);
    const entry: Received = {
      method: request.method ?? '',
      path: url.pathname.replace(/^\/api\//, ''),
      query: url.search,
      contentType: request.headers['content-type'] ?? '',
      payload,
      signatureValid: await verifySignature(payload, String(payload.signature ?? ''), KEY),
    };
    received.push(entry);
    const answer = reply(entry);
    if (answer === 'hang') return;
    if (answer === 'reset') {
      request.socket.destroy();
      return;
    }
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status ?? 200, {
      'content-type': typeof answer.body === 'string' ? 'text/html' : 'application/json',
    });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const handle = {
    baseUrl: `http://127.0.0.1:${port}/api`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(handle);
  return handle;
}

function clientFor(baseUrl: string, extra: Partial<TicketClientOptions> = {}) {
  return createTicketClient({
    baseUrl,
    signingKey: KEY,
    networkId: 101,
    getSession: () => SESSION,
    ...extra,
  });
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('ticket client against a real HTTP server', () => {
  it('API-01 API-02 signs the payload and fills the session and the network from the client', async () => {
    const backend = await startBackend(() => ({ body: ok({ user }) }));
    const answer = await clientFor(backend.baseUrl).call(getUserCall, {});
    expect(answer).toEqual({ user });
    const [request] = backend.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('Account/getUser.json');
    expect(request?.contentType).toMatch(/^application\/json/);
    expect(request?.payload).toMatchObject({ userToken: SESSION.userToken, userId: 7, networkId: 101 });
    expect(request?.payload.signature).toMatch(/^[0-9a-f]{40}$/);
    expect(request?.signatureValid).toBe(true);
  });

  it('API-01 a payload changed on the way no longer matches its signature', async () => {
    const backend = await startBackend(() => ({ body: ok({}) }));
    await clientFor(backend.baseUrl).call(logoutCall, {});
    const [request] = backend.received;
    expect(request?.payload).toMatchObject({ user_id: 7, userToken: SESSION.userToken });
    expect(request?.signatureValid).toBe(true);
    const tampered = { ...request?.payload, user_id: 8 };
    expect(await verifySignature(tampered, String(request?.payload.signature), KEY)).toBe(false);
  });

  it('sends query arrays as JSON text, signed as they travel', async () => {
    const backend = await startBackend(() => ({ body: ok({ tickets: ['T1'] }) }));
    const answer = await clientFor(backend.baseUrl).call(ticketsCall, {
      id: [3, 1],
      blueprintId: [9],
      networkId: [101, 102],
    });
    expect(answer).toEqual({ tickets: ['T1'] });
    const [request] = backend.received;
    expect(request?.method).toBe('GET');
    expect(request?.payload).toMatchObject({
      id: '[3,1]',
      blueprintId: '[9]',
      networkId: '[101,102]',
      userToken: SESSION.userToken,
      userId: '7',
    });
    expect(request?.signatureValid).toBe(true);
  });

  it('ACC-04 sends the picture as a file part of a multipart form, the text parts signed', async () => {
    const backend = await startBackend(() => ({
      body: ok({ user: { ...user, userPictureUrl: '/media/7.png' } }),
    }));
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const answer = await clientFor(backend.baseUrl).call(uploadPictureCall, {
      media: new File([bytes], 'me.png', { type: 'image/png' }),
    });
    expect(answer.user.userPictureUrl).toBe('/media/7.png');
    const [request] = backend.received;
    expect(request?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.payload).toMatchObject({ userToken: SESSION.userToken, user_id: '7' });
    const media = request?.payload.media as File;
    expect(media.name).toBe('me.png');
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(bytes);
    expect(request?.signatureValid).toBe(true);
  });

  it('API-03 a ko answer throws TicketApiError with its code, message and details', async () => {
    const backend = await startBackend(() => ({
      status: 423,
      body: ko('ACCOUNT_LOCKED', 'Locked for a while', { retryAfterSeconds: 900 }),
    }));
    const error = await clientFor(backend.baseUrl)
      .call(getUserCall, {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TicketApiError);
    expect(error).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: 'Locked for a while',
      status: 423,
      httpStatus: 423,
      details: { retryAfterSeconds: 900 },
    });
  });

  it.each([
    ['an HTML error page', 502, '<html>Bad gateway</html>'],
    ['a ko without an error', 500, { status: 'ko', response: {} }],
    ['an ok envelope with an error status', 500, { status: 'ok', response: { user } }],
    ['an ok envelope of another shape', 200, { status: 'ok', response: { person: 'Anne' } }],
    ['an empty body', 200, ''],
  ])('API-04 %s gives ERR_RESPONSE_ERROR and "Request failed with error"', async (_, status, body) => {
    const backend = await startBackend(() => ({ status, body }));
    const error = await clientFor(backend.baseUrl)
      .call(getUserCall, {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TicketApiError);
    expect(error).toMatchObject({
      code: 'ERR_RESPONSE_ERROR',
      message: 'Request failed with error',
      httpStatus: status,
    });
  });

  it('AUTH-10 a session-expired answer tells the app, which shows the session-expired modal', async () => {
    const backend = await startBackend(() => ({
      status: 401,
      body: ko('SESSION_EXPIRED', 'Session expired'),
    }));
    const onSessionExpired = vi.fn();
    const client = clientFor(backend.baseUrl, { onSessionExpired });
    await expect(client.call(getUserCall, {})).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired.mock.calls[0]?.[0]).toBeInstanceOf(TicketApiError);
  });

  it('AUTH-10 a token the backend no longer knows ends the session like an expired one', async () => {
    const backend = await startBackend(() => ({
      status: 401,
      body: ko('TOKEN_INVALID', 'Token is invalid'),
    }));
    const onSessionExpired = vi.fn();
    await expect(
      clientFor(backend.baseUrl, { onSessionExpired }).call(getUserCall, {}),
    ).rejects.toMatchObject({ code: 'TOKEN_INVALID', message: 'Token is invalid' });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('AUTH-10 other ko answers do not end the session', async () => {
    const backend = await startBackend(() => ({
      status: 404,
      body: ko('USER_NOT_FOUND', 'user not found'),
    }));
    const onSessionExpired = vi.fn();
    await expect(
      clientFor(backend.baseUrl, { onSessionExpired }).call(getUserCall, {}),
    ).rejects.toBeInstanceOf(TicketApiError);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('API-05 a server that does not answer in time gives TimeoutError', async () => {
    const backend = await startBackend(() => 'hang');
    const error = await clientFor(backend.baseUrl, { timeoutMs: 100 })
      .call(getUserCall, {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
  });

  it('API-05 a refused connection gives ConnectionError', async () => {
    const closed = await startBackend(() => ({ body: ok({}) }));
    await closed.close();
    const error = await clientFor(closed.baseUrl)
      .call(getUserCall, {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'CONNECTION_ERROR', reason: 'refused' });
  });

  it('API-05 a connection reset by the server gives ConnectionError', async () => {
    const backend = await startBackend(() => 'reset');
    const error = await clientFor(backend.baseUrl)
      .call(getUserCall, {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'CONNECTION_ERROR', reason: 'reset' });
  });

  it('API-05 any other failure gives GenericError', async () => {
    const backend = await startBackend(() => ({ body: ok({ user }) }));
    const fetch = () => Promise.reject(new RangeError('something else'));
    const error = await clientFor(backend.baseUrl, { fetch })
      .call(getUserCall, {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GenericError);
    expect(error).toMatchObject({ code: 'GENERIC_ERROR' });
  });

  it('a caller that cancels gets its own abort, not an app error', async () => {
    const backend = await startBackend(() => 'hang');
    const controller = new AbortController();
    const pending = clientFor(backend.baseUrl).call(getUserCall, {}, { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect((error as Error).name).toBe('AbortError');
  });

  it('AUTH-01 a login answering the user gives it', async () => {
    const backend = await startBackend(() => ({ body: ok({ user }) }));
    const answer = await clientFor(backend.baseUrl, { getSession: () => undefined }).call(loginCall, {
      firebase_token: 'id-token',
      originType: 'ESHOP',
    });
    expect(answer).toEqual({ user });
    expect(backend.received[0]?.payload).toMatchObject({ firebase_token: 'id-token', network_id: 101 });
    expect(backend.received[0]?.payload).not.toHaveProperty('userToken');
  });

  it('AUTH-03 a login answering profiles throws ProfilesError carrying the list', async () => {
    const profiles = [
      {
        userId: 7,
        userName: 'Anne',
        userLastname: 'Martin',
        userBirthday: null,
        cardNumber: null,
        active: true,
        signInEmail: null,
      },
      {
        userId: 8,
        userName: 'Léa',
        userLastname: 'Martin',
        userBirthday: '2015-06-01',
        cardNumber: '42',
        active: true,
        signInEmail: null,
      },
    ];
    const backend = await startBackend(() => ({ body: ok({ profiles }) }));
    const error = await clientFor(backend.baseUrl)
      .call(loginCall, { firebase_token: 'id-token', forceProfiles: true })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProfilesError);
    expect((error as ProfilesError).profiles).toEqual(profiles);
  });

  it("AUTH-02 a login answering neither user nor profiles says 'The response did not contain the user'", async () => {
    const backend = await startBackend(() => ({ body: ok({}) }));
    const error = await clientFor(backend.baseUrl)
      .call(loginCall, { firebase_token: 'id-token' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'LOGIN_NO_USER',
      message: 'The response did not contain the user',
    });
  });

  it('refuses an invalid payload before any round trip, with the field problems', async () => {
    const backend = await startBackend(() => ({ body: ok({ user }) }));
    const error = await clientFor(backend.baseUrl)
      .call(getUserCall, { userId: -1 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', details: { issues: [{ path: 'userId' }] } });
    expect(backend.received).toEqual([]);
  });

  it('API-02 a call about a traveller profile takes the profile id from the caller, never from the session', async () => {
    const backend = await startBackend(() => ({ body: ok({ user }) }));
    const client = clientFor(backend.baseUrl);
    // @ts-expect-error the profile's userId is required
    const missing = await client.call(disableProfileCall, {}).catch((caught: unknown) => caught);
    expect(missing).toMatchObject({ code: 'INVALID_REQUEST', details: { issues: [{ path: 'userId' }] } });
    await client.call(disableProfileCall, { userId: 8 });
    expect(backend.received.map((request) => [request.method, request.payload.userId])).toEqual([['PUT', 8]]);
  });

  it("API-02 an authenticated call without a session fails with 'User not connected', unsent", async () => {
    const backend = await startBackend(() => ({ body: ok({ user }) }));
    const error = await clientFor(backend.baseUrl, { getSession: () => undefined })
      .call(getUserCall, {})
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'USER_NOT_CONNECTED', message: 'User not connected' });
    expect(backend.received).toEqual([]);
  });
});

describe('API-06 answer cache', () => {
  const FIVE_MINUTES = 5 * 60 * 1000;
  const tickets = { id: [1], blueprintId: [2], networkId: [101] };

  async function cachedSetup(extra: Partial<TicketClientOptions> = {}) {
    let now = Date.parse('2026-12-10T10:00:00Z');
    let served = 0;
    const backend = await startBackend((request) => {
      if (request.method !== 'GET') return { body: ok({}) };
      served += 1;
      return { body: ok({ tickets: [`answer-${served}`] }) };
    });
    const client = clientFor(backend.baseUrl, { now: () => now, ...extra });
    return {
      client,
      backend,
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  it('API-06 reuses a GET answer within 5 minutes and asks again after', async () => {
    const { client, backend, advance } = await cachedSetup();
    expect(await client.call(ticketsCall, tickets)).toEqual({ tickets: ['answer-1'] });
    advance(FIVE_MINUTES - 1);
    expect(await client.call(ticketsCall, tickets)).toEqual({ tickets: ['answer-1'] });
    expect(backend.received).toHaveLength(1);
    advance(1);
    expect(await client.call(ticketsCall, tickets)).toEqual({ tickets: ['answer-2'] });
    expect(backend.received).toHaveLength(2);
  });

  it('API-06 keys the cache by the whole URL, query included', async () => {
    const { client, backend } = await cachedSetup();
    await client.call(ticketsCall, tickets);
    expect(await client.call(ticketsCall, { ...tickets, id: [1, 2] })).toEqual({ tickets: ['answer-2'] });
    expect(backend.received).toHaveLength(2);
  });

  it('API-06 cache: false asks the backend and keeps the new answer', async () => {
    const { client, backend } = await cachedSetup();
    await client.call(ticketsCall, tickets);
    expect(await client.call(ticketsCall, tickets, { cache: false })).toEqual({ tickets: ['answer-2'] });
    expect(await client.call(ticketsCall, tickets)).toEqual({ tickets: ['answer-2'] });
    expect(backend.received).toHaveLength(2);
  });

  it('API-06 honours another lifetime, and 0 caches nothing', async () => {
    const short = await cachedSetup({ cacheTtlMs: 1000 });
    await short.client.call(ticketsCall, tickets);
    short.advance(1000);
    await short.client.call(ticketsCall, tickets);
    expect(short.backend.received).toHaveLength(2);
    const none = await cachedSetup({ cacheTtlMs: 0 });
    await none.client.call(ticketsCall, tickets);
    await none.client.call(ticketsCall, tickets);
    expect(none.backend.received).toHaveLength(2);
  });

  it('API-06 never caches a POST', async () => {
    let served = 0;
    const backend = await startBackend(() => {
      served += 1;
      return { body: ok({ user: { ...user, userName: `Anne ${served}` } }) };
    });
    const client = clientFor(backend.baseUrl);
    expect((await client.call(getUserCall, {})).user.userName).toBe('Anne 1');
    expect((await client.call(getUserCall, {})).user.userName).toBe('Anne 2');
    expect(backend.received).toHaveLength(2);
  });

  it('API-06 a call that changes something forgets cached answers', async () => {
    const { client, backend } = await cachedSetup();
    await client.call(ticketsCall, tickets);
    await client.call(ticketsCall, tickets);
    await client.call(logoutCall, {});
    expect(await client.call(ticketsCall, tickets)).toEqual({ tickets: ['answer-2'] });
    expect(backend.received.map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('clearCache forgets cached answers', async () => {
    const { client, backend } = await cachedSetup();
    await client.call(ticketsCall, tickets);
    client.clearCache();
    expect(await client.call(ticketsCall, tickets)).toEqual({ tickets: ['answer-2'] });
    expect(backend.received).toHaveLength(2);
  });

  it('API-06 does not keep ko answers', async () => {
    let served = 0;
    const backend = await startBackend(() => {
      served += 1;
      return served === 1
        ? { status: 503, body: ko('SERVICE_UNAVAILABLE', 'busy') }
        : { body: ok({ tickets: [] }) };
    });
    const client = clientFor(backend.baseUrl);
    await expect(client.call(ticketsCall, tickets)).rejects.toBeInstanceOf(TicketApiError);
    expect(await client.call(ticketsCall, tickets)).toEqual({ tickets: [] });
  });
});
