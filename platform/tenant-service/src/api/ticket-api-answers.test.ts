// The tenant service's app in front of the real ticket API (decision 0040): a document's download
// keeps the ticket API's own sandboxed policy on its way through, and each network's domain
// publishes its ticket keys as a plain JWK Set.
import { createTicketClient, type TicketClient } from '@transit-shop/sdk/client/ticket-client';
import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import { DOCUMENT_CALLS } from '@transit-shop/sdk/contract/documents';
import { IDENTITY_CALLS } from '@transit-shop/sdk/contract/identity';
import { JWKS_PATH, WALLET_CALLS } from '@transit-shop/sdk/contract/wallet';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { createFixture, type FixtureDirs, removeFixture } from '../test-support/fixtures.ts';
import { serviceInFront, startTicketApi, type TicketApiProcess } from '../test-support/ticket-api-process.ts';

const HOST = 'lumiere.localhost';
const STUDENT_CARD = 1;
/** A one-pixel PNG, whole: the ticket API decodes and re-encodes what it keeps. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let ticketApi: TicketApiProcess;
let dirs: FixtureDirs;
let app: Hono<AppEnv>;
let shop: TicketClient;

/** A request to the tenant service's app as a browser on the network's domain sends it. */
function onDomain(path: string, init: RequestInit = {}, host = HOST): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('host', host);
  return Promise.resolve(app.request(path, { ...init, headers }));
}

beforeAll(async () => {
  [ticketApi, dirs] = await Promise.all([startTicketApi(), createFixture({ networks: [] })]);
  const service = await serviceInFront(ticketApi, dirs.distDir, HOST);
  app = service.app;
  const { network } = service;
  // The shop's own client, its calls sent to the app as the browser sends them.
  shop = createTicketClient({
    baseUrl: `http://${HOST}/api/`,
    signingKey: network.signingKey,
    networkId: network.id,
    cacheTtlMs: 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
      return onDomain(`${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body,
      });
    },
  });
}, 240_000);

afterAll(async () => {
  await ticketApi?.stop();
  if (dirs) await removeFixture(dirs);
}, 60_000);

/** A customer signed up and signed in on the network. */
async function signedIn(name: string) {
  const { idToken } = await shop.call(IDENTITY_CALLS.signUp, {
    email: `${name}.${process.pid}@example.org`,
    password: 'Tramway-Line-7!',
    firstName: 'Ada',
    lastName: 'Lovelace',
    locale: 'fr',
    acceptedTerms: true,
    acceptedPrivacy: true,
  });
  const { user } = await shop.call(ACCOUNT_CALLS.login, {
    firebase_token: idToken,
    locale: 'fr',
    originType: 'ESHOP',
  });
  if (!user) throw new Error('no user signed in');
  return user;
}

describe('a document downloaded through the tenant service', () => {
  it('keeps the ticket API’s sandboxed policy, served as an attachment never sniffed', async () => {
    const user = await signedIn('download');
    const { document } = await shop.call(DOCUMENT_CALLS.createDocument, {
      userToken: user.userToken,
      userId: user.userId,
      paperworkTypeId: STUDENT_CARD,
      file: new File([new Uint8Array(PIXEL_PNG)], 'carte.png', { type: 'image/png' }),
    });
    const { url } = await shop.call(DOCUMENT_CALLS.fileDownloadUrl, {
      userToken: user.userToken,
      userId: user.userId,
      documentId: document.id,
    });

    const served = await onDomain(url, { headers: { authorization: `Bearer ${user.userToken}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="document\.png"/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('x-frame-options')).toBe('DENY');
    expect([...new Uint8Array(await served.arrayBuffer()).subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    // Any other answer of the ticket API carries the shop's own policy, as before.
    const call = await onDomain('/api/Products/getProducts.json');
    expect(call.headers.get('content-security-policy')).toContain("default-src 'self'");
  }, 120_000);
});

describe('GET /.well-known/jwks.json on a network’s domain', () => {
  it('answers the network’s keys as wallet/keys publishes them, unsigned and cacheable, each network its own', async () => {
    const answer = await onDomain(JWKS_PATH);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const tag = answer.headers.get('etag');
    expect(tag).toMatch(/^"[^"]+"$/);
    const jwks = (await answer.json()) as { keys: { kid: string }[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    // One source: the same keys as the signed call of the envelope.
    expect(jwks).toEqual(await shop.call(WALLET_CALLS.keys, {}));

    const kept = await onDomain(JWKS_PATH, { headers: { 'if-none-match': tag ?? '' } });
    expect(kept.status).toBe(304);
    expect(kept.headers.get('cache-control')).toBe('public, max-age=300');

    const lakeside = (await (await onDomain(JWKS_PATH, {}, 'lakeside.localhost')).json()) as typeof jwks;
    expect(lakeside.keys.map((key) => key.kid)).not.toContain(jwks.keys[0]?.kid);
  }, 60_000);

  it('answers 404 on a domain of no network', async () => {
    const answer = await onDomain(JWKS_PATH, {}, 'nowhere.example');
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({
      status: 'ko',
      response: { error: { code: 'NETWORK_NOT_FOUND' } },
    });
  });
});
