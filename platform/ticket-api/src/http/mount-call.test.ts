import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import { defineCall } from '@transit-shop/sdk/contract/define-call';
import { idSchema, signedRequest, textIdSchema, userTokenSchema } from '@transit-shop/sdk/contract/fields';
import { IDENTITY_CALLS } from '@transit-shop/sdk/contract/identity';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { signPayload } from '@transit-shop/sdk/signing/sign';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { revokeSession } from '../services/sessions/revoke-session.ts';
import { signedInUser } from '../test-support/accounts.ts';
import { envelopeOf, LOG_ERROR, LUMIERE_ID, useTestApp, WAHAT_ID } from '../test-support/test-app.ts';
import type { AppEnv } from './app-env.ts';
import { mountCall } from './mount-call.ts';

// Calls that exist only for these tests: one of each encoding, with and without a session.
const echoCall = defineCall({
  path: 'test/echo',
  method: 'POST',
  authenticated: false,
  request: signedRequest({
    networkId: idSchema,
    name: z.string().trim().min(2),
    tags: z.array(z.string()).optional(),
  }),
  response: z.object({ name: z.string(), network: z.string(), tags: z.array(z.string()) }),
});
const headerNetworkCall = defineCall({
  path: 'test/header-network',
  method: 'POST',
  authenticated: false,
  request: signedRequest({ word: z.string() }),
  response: z.object({ network: z.string() }),
});
const queryCall = defineCall({
  path: 'test/query',
  method: 'GET',
  authenticated: false,
  request: signedRequest({ network_id: textIdSchema, ids: z.string(), word: z.string().optional() }),
  response: z.object({ networkId: z.number(), ids: z.array(z.number()), word: z.string().nullable() }),
});
const uploadCall = defineCall({
  path: 'test/upload',
  method: 'POST',
  encoding: 'multipart',
  authenticated: true,
  session: { token: 'userToken', userId: 'user_id' },
  request: signedRequest({ userToken: userTokenSchema, user_id: textIdSchema, file: z.instanceof(Blob) }),
  response: z.object({ size: z.number(), text: z.string(), userId: z.number() }),
});
const whoAmICall = defineCall({
  path: 'test/whoami',
  method: 'POST',
  authenticated: true,
  request: signedRequest({ userToken: userTokenSchema, userId: idSchema, networkId: idSchema }),
  response: z.object({ userId: z.number(), email: z.string().nullable(), sessionNetwork: z.number() }),
});
const failingCall = defineCall({
  path: 'test/fail',
  method: 'POST',
  authenticated: false,
  request: signedRequest({ how: z.enum(['app-error', 'crash', 'bad-answer']) }),
  response: z.object({ fine: z.literal(true) }),
});

function testRoutes(app: Hono<AppEnv>) {
  const routes = new Hono<AppEnv>();
  mountCall(routes, echoCall, ({ payload, network }) => ({
    name: payload.name,
    network: network.network.slug,
    tags: payload.tags ?? [],
  }));
  mountCall(routes, headerNetworkCall, ({ network }) => ({ network: network.network.slug }));
  mountCall(routes, queryCall, ({ payload }) => ({
    networkId: payload.network_id,
    ids: JSON.parse(payload.ids) as number[],
    word: payload.word ?? null,
  }));
  mountCall(routes, uploadCall, async ({ payload, user }) => ({
    size: payload.file.size,
    text: await payload.file.text(),
    userId: user.id,
  }));
  mountCall(routes, whoAmICall, ({ user, session }) => ({
    userId: user.id,
    email: user.email,
    sessionNetwork: session.networkId,
  }));
  mountCall(routes, failingCall, ({ payload }) => {
    if (payload.how === 'app-error') throw new AppError('GUEST_NOT_ALLOWED');
    if (payload.how === 'crash') throw new Error('the disk is on fire');
    return { fine: 'yes' } as never;
  });
  app.route('/', routes);
}

const testApp = useTestApp({ extend: testRoutes });

describe('mountCall: envelope, signature and validation', () => {
  it('API-01 answers a correctly signed call in the ok envelope, with the payload parsed by the contract', async () => {
    const response = await testApp.current.call(echoCall, {
      networkId: LUMIERE_ID,
      name: '  Ada  ',
      tags: ['a', 'b'],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      response: { name: 'Ada', network: 'lumiere', tags: ['a', 'b'] },
    });
  });

  it('API-01 refuses a call without a signature, or with a wrong one, as INVALID_SIGNATURE', async () => {
    const missing = await testApp.current.call(
      echoCall,
      { networkId: LUMIERE_ID, name: 'Ada' },
      { signature: null },
    );
    expect(missing.status).toBe(400);
    expect((await envelopeOf(missing)).response.error?.code).toBe('INVALID_SIGNATURE');

    const wrongKey = await signPayload({ networkId: LUMIERE_ID, name: 'Ada' }, 'not-the-network-key');
    const wrong = await testApp.current.call(
      echoCall,
      { networkId: LUMIERE_ID, name: 'Ada' },
      { signature: wrongKey },
    );
    expect(wrong.status).toBe(400);
    expect(await envelopeOf(wrong)).toEqual({
      status: 'ko',
      response: { error: { code: 'INVALID_SIGNATURE', message: 'The request signature is invalid' } },
    });
  });

  it('API-01 checks the signature with the key of the network the call names', async () => {
    // Signed with Wahat's key but naming Lumière: the signature does not match Lumière's key.
    const response = await testApp.current.call(
      echoCall,
      { networkId: LUMIERE_ID, name: 'Ada' },
      { networkId: WAHAT_ID, networkHeader: null },
    );
    expect((await envelopeOf(response)).response.error?.code).toBe('INVALID_SIGNATURE');
  });

  it('API-01 accepts the signature written in upper-case hex', async () => {
    const payload = { networkId: LUMIERE_ID, name: 'Ada' };
    const key = testApp.current.deps.networks.byId(LUMIERE_ID)?.network.config.signingKey ?? '';
    const signature = (await signPayload(payload, key)).toUpperCase();
    const response = await testApp.current.call(echoCall, payload, { signature });
    expect(response.status).toBe(200);
  });

  it('validates the exact field set before the signature: an unknown field is named, whatever the signature', async () => {
    const response = await testApp.current.call(
      echoCall,
      { networkId: LUMIERE_ID, name: 'Ada', admin: true },
      { signature: 'f'.repeat(40) },
    );
    expect(response.status).toBe(400);
    expect(await envelopeOf(response)).toEqual({
      status: 'ko',
      response: {
        error: {
          code: 'INVALID_REQUEST',
          message: 'The request is invalid',
          details: { issues: [{ path: 'admin', message: VALIDATION_MESSAGES.unknownField }] },
        },
      },
    });
  });

  it('API-03 lists every field problem of an invalid payload', async () => {
    const response = await testApp.current.call(echoCall, { networkId: LUMIERE_ID, name: 'A', tags: 'x' });
    const body = await envelopeOf(response);
    expect(response.status).toBe(400);
    expect(body.response.error?.details?.issues).toEqual([
      { path: 'name', message: VALIDATION_MESSAGES.minLength, params: { minimum: 2 } },
      { path: 'tags', message: VALIDATION_MESSAGES.invalid },
    ]);
  });

  it('answers a body that is not JSON, not a JSON object or not declared as JSON with 400, never 5xx', async () => {
    const post = (body: string, contentType = 'application/json') =>
      testApp.current.app.request('/test/echo', {
        method: 'POST',
        headers: { 'content-type': contentType, 'x-network-id': String(LUMIERE_ID) },
        body,
      });
    for (const response of [
      await post('{"networkId": 101, "name": '),
      await post('[1, 2]'),
      await post('null'),
      await post(''),
      await post('networkId=101&name=Ada', 'application/x-www-form-urlencoded'),
      await post('{"networkId":101,"name":"Ada"}', 'text/plain'),
    ]) {
      expect(response.status).toBe(400);
      const body = await envelopeOf(response);
      expect(body.status).toBe('ko');
      expect(body.response.error?.code).toBe('INVALID_REQUEST');
      expect(body.response.error?.details).toEqual({
        issues: [{ path: '', message: VALIDATION_MESSAGES.invalid }],
      });
    }
  });

  it('refuses a text holding NUL or a lone surrogate, which no database text holds, as an invalid value', async () => {
    const signUp = await testApp.current.call(IDENTITY_CALLS.signUp, {
      email: 'a@\u0000',
      password: 'Aa1!aaaa\u0000\u0000\u0000a',
      firstName: 'aa',
      lastName: 'añ',
      networkId: 103,
      locale: 'fr',
      acceptedTerms: true,
      acceptedPrivacy: true,
    });
    expect(signUp.status).toBe(400);
    expect((await envelopeOf(signUp)).response.error).toEqual({
      code: 'INVALID_REQUEST',
      message: 'The request is invalid',
      details: {
        issues: [
          { path: 'email', message: VALIDATION_MESSAGES.invalid },
          { path: 'password', message: VALIDATION_MESSAGES.invalid },
        ],
      },
    });
    const signIn = await testApp.current.call(IDENTITY_CALLS.signInWithPassword, {
      email: 'a@\udfff\udc00',
      password: ' ',
      networkId: 103,
    });
    expect(signIn.status).toBe(400);
    expect((await envelopeOf(signIn)).response.error?.details?.issues).toEqual([
      { path: 'email', message: VALIDATION_MESSAGES.invalid },
    ]);
    // A surrogate pair is a character like any other.
    const echo = await testApp.current.call(echoCall, {
      networkId: LUMIERE_ID,
      name: 'Ada \ud83d\ude8b',
      tags: ['a', 'b\u0000', '\udfffé'],
    });
    expect((await envelopeOf(echo)).response.error?.details?.issues).toEqual([
      { path: 'tags.1', message: VALIDATION_MESSAGES.invalid },
      { path: 'tags.2', message: VALIDATION_MESSAGES.invalid },
    ]);
  });

  it('answers a body above the limit with 413', async () => {
    const response = await testApp.current.app.request('/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-network-id': String(LUMIERE_ID) },
      body: JSON.stringify({ networkId: LUMIERE_ID, name: 'x'.repeat(100_000) }),
    });
    expect(response.status).toBe(413);
    expect((await envelopeOf(response)).response.error?.code).toBe('INVALID_REQUEST');
  });

  it('reads a query payload, arrays as JSON text, and signs it as the sdk does', async () => {
    const response = await testApp.current.call(queryCall, {
      network_id: LUMIERE_ID,
      ids: '[3,1,2]',
      word: 'é*',
    });
    expect(response.status).toBe(200);
    expect((await envelopeOf(response)).response).toEqual({
      networkId: LUMIERE_ID,
      ids: [3, 1, 2],
      word: 'é*',
    });
  });

  it('refuses a repeated query parameter where one value is expected', async () => {
    const response = await testApp.current.app.request(
      `/test/query?network_id=${LUMIERE_ID}&ids=1&ids=2&signature=${'a'.repeat(40)}`,
    );
    expect(response.status).toBe(400);
    expect((await envelopeOf(response)).response.error?.details?.issues).toEqual([
      { path: 'ids', message: VALIDATION_MESSAGES.invalid },
    ]);
  });
});

describe('mountCall: the network', () => {
  it('takes the network from the header the tenant service sets when the call has no network field', async () => {
    const response = await testApp.current.call(headerNetworkCall, { word: 'hi' }, { networkId: WAHAT_ID });
    expect(await envelopeOf(response)).toEqual({ status: 'ok', response: { network: 'wahat' } });
  });

  it('NET-01 refuses an unknown network, a missing one, or a header that contradicts the payload', async () => {
    const unknown = await testApp.current.call(
      echoCall,
      { networkId: 999, name: 'Ada' },
      { networkId: LUMIERE_ID },
    );
    const noHeader = await testApp.current.call(headerNetworkCall, { word: 'hi' }, { networkHeader: null });
    const badHeader = await testApp.current.call(
      headerNetworkCall,
      { word: 'hi' },
      { networkHeader: 'lumiere' },
    );
    const contradicting = await testApp.current.call(
      echoCall,
      { networkId: LUMIERE_ID, name: 'Ada' },
      { networkHeader: String(WAHAT_ID) },
    );
    for (const response of [unknown, noHeader, badHeader, contradicting]) {
      expect(response.status).toBe(404);
      expect((await envelopeOf(response)).response.error).toEqual({
        code: 'NETWORK_NOT_FOUND',
        message: 'Network not found',
      });
    }
  });
});

describe('mountCall: the session', () => {
  const signIn = (networkId = LUMIERE_ID) =>
    signedInUser({
      db: testApp.current.deps.db,
      clock: testApp.current.clock,
      policy: testApp.current.deps.sessionPolicy,
      networkId,
    });

  it('API-02 gives the handler the session and its user', async () => {
    const { user, token } = await signIn();
    const response = await testApp.current.call(whoAmICall, {
      userToken: token,
      userId: user.id,
      networkId: LUMIERE_ID,
    });
    expect(await envelopeOf(response)).toEqual({
      status: 'ok',
      response: { userId: user.id, email: user.email, sessionNetwork: LUMIERE_ID },
    });
  });

  it('answers an unknown token with TOKEN_INVALID "Token is invalid"', async () => {
    const { user } = await signIn();
    const response = await testApp.current.call(whoAmICall, {
      userToken: 'never-issued',
      userId: user.id,
      networkId: LUMIERE_ID,
    });
    expect(response.status).toBe(401);
    expect((await envelopeOf(response)).response.error).toEqual({
      code: 'TOKEN_INVALID',
      message: 'Token is invalid',
    });
  });

  it('does not take a session opened on another network', async () => {
    const { user, token } = await signIn(WAHAT_ID);
    const response = await testApp.current.call(whoAmICall, {
      userToken: token,
      userId: user.id,
      networkId: LUMIERE_ID,
    });
    expect((await envelopeOf(response)).response.error?.code).toBe('TOKEN_INVALID');
  });

  it('AUTH-10 answers SESSION_EXPIRED for a revoked session', async () => {
    const { user, token, session } = await signIn();
    await revokeSession({ db: testApp.current.deps.db, clock: testApp.current.clock, sessionId: session.id });
    const response = await testApp.current.call(whoAmICall, {
      userToken: token,
      userId: user.id,
      networkId: LUMIERE_ID,
    });
    expect(response.status).toBe(401);
    expect((await envelopeOf(response)).response.error).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'Session expired',
    });
  });

  it('AUTH-10 ends a session left idle past the idle window, and activity keeps it alive', async () => {
    const { clock } = testApp.current;
    const { user, token } = await signIn();
    const payload = { userToken: token, userId: user.id, networkId: LUMIERE_ID };
    // Three calls 50 minutes apart: each moves the 60-minute idle window forward.
    for (let i = 0; i < 3; i += 1) {
      clock.advanceMinutes(50);
      expect((await testApp.current.call(whoAmICall, payload)).status).toBe(200);
    }
    clock.advanceMinutes(61);
    const response = await testApp.current.call(whoAmICall, payload);
    expect((await envelopeOf(response)).response.error?.code).toBe('SESSION_EXPIRED');
  });

  it('AUTH-10 ends a session at its absolute expiry however active it is', async () => {
    const { clock, deps } = testApp.current;
    // A session opened under a one-day absolute limit, used every 50 minutes.
    const { user, token } = await signedInUser({
      db: deps.db,
      clock,
      policy: { idleMinutes: 60, absoluteDays: 1 },
      networkId: LUMIERE_ID,
    });
    const payload = { userToken: token, userId: user.id, networkId: LUMIERE_ID };
    for (let elapsed = 50; elapsed < 24 * 60; elapsed += 50) {
      clock.advanceMinutes(50);
      expect((await testApp.current.call(whoAmICall, payload)).status).toBe(200);
    }
    clock.advanceMinutes(50);
    const response = await testApp.current.call(whoAmICall, payload);
    expect((await envelopeOf(response)).response.error?.code).toBe('SESSION_EXPIRED');
  });

  it('refuses a call whose user id is not the session user', async () => {
    const { token } = await signIn();
    const other = await signIn();
    const response = await testApp.current.call(whoAmICall, {
      userToken: token,
      userId: other.user.id,
      networkId: LUMIERE_ID,
    });
    expect(response.status).toBe(403);
    expect((await envelopeOf(response)).response.error?.code).toBe('FORBIDDEN');
  });

  it('ACC-04 reads a multipart form with its file, signing only the text fields', async () => {
    const { user, token } = await signIn();
    const file = new Blob(['picture bytes'], { type: 'image/png' });
    const response = await testApp.current.call(uploadCall, { userToken: token, user_id: user.id, file });
    expect(await envelopeOf(response)).toEqual({
      status: 'ok',
      response: { size: 13, text: 'picture bytes', userId: user.id },
    });
  });

  it('answers a multipart form that cannot be read with 400', async () => {
    const response = await testApp.current.app.request('/test/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz', 'x-network-id': String(LUMIERE_ID) },
      body: '--zzz\r\nContent-Disposition: form-data; name="userToken"\r\n\r\nabc',
    });
    expect(response.status).toBe(400);
    expect((await envelopeOf(response)).response.error?.code).toBe('INVALID_REQUEST');
  });

  it('names a form field called __proto__ as an unknown field, like any other', async () => {
    const response = await testApp.current.call(ACCOUNT_CALLS.uploadPicture, {
      userToken: 'a',
      user_id: '1',
      media: new Blob(['x']),
      ['__proto__']: false,
    });
    expect(response.status).toBe(400);
    expect((await envelopeOf(response)).response.error?.details?.issues).toEqual([
      { path: '__proto__', message: VALIDATION_MESSAGES.unknownField },
    ]);
  });
});

describe('the HTTP layer', () => {
  it('answers an AppError with its catalogue status and code', async () => {
    const response = await testApp.current.call(failingCall, { how: 'app-error' });
    expect(response.status).toBe(403);
    expect((await envelopeOf(response)).response.error).toEqual({
      code: 'GUEST_NOT_ALLOWED',
      message: 'Not available to a guest',
    });
  });

  it('API-04 answers a fault with 500 and the generic message, and logs it with the request id', async () => {
    for (const how of ['crash', 'bad-answer'] as const) {
      const response = await testApp.current.call(
        failingCall,
        { how },
        { headers: { 'x-request-id': `req-${how}` } },
      );
      expect(response.status).toBe(500);
      expect(await envelopeOf(response)).toEqual({
        status: 'ko',
        response: { error: { code: 'ERR_RESPONSE_ERROR', message: 'Request failed with error' } },
      });
      expect(response.headers.get('x-request-id')).toBe(`req-${how}`);
      const logged = testApp.current.logs.find(
        (line) => line.level === LOG_ERROR && line.requestId === `req-${how}`,
      );
      expect(logged?.msg).toBe('request failed');
    }
  });

  it('answers an unknown address with a ko NOT_FOUND', async () => {
    const response = await testApp.current.app.request('/Account/nothing-here.json', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await envelopeOf(response)).toEqual({
      status: 'ko',
      response: { error: { code: 'NOT_FOUND', message: 'Nothing is served at this address' } },
    });
  });

  it('sets nosniff, no-store and a request id on every answer, and logs one line per request', async () => {
    const before = testApp.current.logs.length;
    const answers = [
      await testApp.current.call(echoCall, { networkId: LUMIERE_ID, name: 'Ada' }),
      await testApp.current.call(echoCall, { networkId: LUMIERE_ID, name: 'A' }),
      await testApp.current.app.request('/nowhere'),
      await testApp.current.app.request('/healthz'),
    ];
    for (const response of answers) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const requestLines = testApp.current.logs.slice(before).filter((line) => line.msg === 'request');
    expect(requestLines.map((line) => [line.path, line.status])).toEqual([
      ['/test/echo', 200],
      ['/test/echo', 400],
      ['/nowhere', 404],
      ['/healthz', 200],
    ]);
    expect(requestLines[0]).toMatchObject({ method: 'POST', network: 'lumiere' });
  });

  it("keeps the tenant service's request id, and replaces one that could pollute logs or headers", async () => {
    const kept = await testApp.current.app.request('/healthz', {
      headers: { 'x-request-id': 'edge-42:abc' },
    });
    expect(kept.headers.get('x-request-id')).toBe('edge-42:abc');
    const replaced = await testApp.current.app.request('/healthz', {
      headers: { 'x-request-id': 'two words {"level":60}' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers /healthz once the database answers, and 503 when it does not', async () => {
    const healthy = await testApp.current.app.request('/healthz');
    expect(await envelopeOf(healthy)).toEqual({ status: 'ok', response: { database: 'ok', networks: 3 } });

    const { deps } = testApp.current;
    const ping = deps.pingDatabase;
    deps.pingDatabase = async () => false;
    try {
      const sick = await testApp.current.app.request('/healthz');
      expect(sick.status).toBe(503);
      expect((await envelopeOf(sick)).response.error?.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      deps.pingDatabase = ping;
    }
  });
});
