// Over real HTTP and kept-alive connections: a body refused before it is read (over the call's
// limit, or an error found first) closes its connection cleanly, so the next request, sent on a
// new connection, is answered (decision 0023); and every call mounted here is known to the tenant
// service, which applies the same limits before forwarding.
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { toSearchParams } from '@transit-shop/sdk/client/encode-payload';
import { preparePayload } from '@transit-shop/sdk/client/prepare-payload';
import {
  BODY_TOO_LARGE_MESSAGE,
  bodyLimitOf,
  JSON_BODY_MAX_BYTES,
  MULTIPART_BODY_MAX_BYTES,
} from '@transit-shop/sdk/contract/body-limits';
import { callOfPath, TICKET_API_CALLS } from '@transit-shop/sdk/contract/calls';
import { CATALOGUE_CALLS, productListPayload } from '@transit-shop/sdk/contract/catalogue';
import { ko } from '@transit-shop/sdk/contract/envelope';
import { JWKS_PATH } from '@transit-shop/sdk/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LUMIERE_ID, useTestApp } from '../test-support/test-app.ts';

const testApp = useTestApp();
let server: ServerType;
let port: number;

beforeAll(async () => {
  server = serve({ fetch: testApp.current.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  if ('closeAllConnections' in server) server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** One kept-alive connection at a time: each request goes on the last one's connection if it is open. */
function client() {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: string; chunked?: boolean } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const headers: Record<string, string> = { 'x-network-id': String(LUMIERE_ID), ...options.headers };
      if (options.body !== undefined && !options.chunked) {
        headers['content-length'] = String(Buffer.byteLength(options.body));
      }
      const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      req.on('error', reject);
      if (options.chunked && options.body !== undefined) {
        for (let start = 0; start < options.body.length; start += 16_384) {
          req.write(options.body.slice(start, start + 16_384));
        }
        req.end();
      } else {
        req.end(options.body);
      }
    });
  return { send, close: () => agent.destroy() };
}

/** The catalogue, signed: a call answered 200 once the connection before it is done with. */
async function catalogueQuery(): Promise<string> {
  const signingKey = testApp.current.deps.networks.byId(LUMIERE_ID)?.network.config.signingKey ?? '';
  const call = CATALOGUE_CALLS.getProducts;
  const signed = await preparePayload(call, productListPayload('fr'), {
    signingKey,
    networkId: LUMIERE_ID,
    session: undefined,
  });
  return `/${CATALOGUE_CALLS.getProducts.path}?${toSearchParams(signed)}`;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const padded = (size: number) => JSON.stringify({ padding: 'x'.repeat(size) });

describe('a request body answered before it is read', () => {
  it('over the call limit: 413 with Connection: close, and the next call on the client is answered', async () => {
    const visitor = client();
    const catalogue = await catalogueQuery();
    try {
      for (let round = 0; round < 12; round += 1) {
        const refused = await visitor.send('POST', '/Order/verify.json', {
          headers: JSON_HEADERS,
          body: padded([1_100_000, 300_000, 800_000][round % 3] as number),
          chunked: round % 2 === 1,
        });
        const next = await visitor.send('GET', catalogue);
        expect(refused.status).toBe(413);
        expect(JSON.parse(refused.body)).toEqual(ko('INVALID_REQUEST', BODY_TOO_LARGE_MESSAGE));
        expect(next.status, next.body).toBe(200);
        expect(refused.headers.connection).toBe('close');
      }
    } finally {
      visitor.close();
    }
  });

  it('refused for another reason first: the connection closes cleanly and the next call is answered', async () => {
    const visitor = client();
    const catalogue = await catalogueQuery();
    try {
      for (let round = 0; round < 6; round += 1) {
        const [path, headers] =
          round % 2 === 0
            ? ['/Nowhere/at-all.json', JSON_HEADERS]
            : ['/Order/verify.json', { 'content-type': 'text/plain' }];
        const refused = await visitor.send('POST', path, {
          headers,
          body: padded(JSON_BODY_MAX_BYTES - 100),
        });
        const next = await visitor.send('GET', catalogue);
        expect([404, 400]).toContain(refused.status);
        expect(next.status).toBe(200);
        expect(refused.headers.connection).toBe('close');
      }
    } finally {
      visitor.close();
    }
  });

  it('a body read to its end keeps the connection alive', async () => {
    const visitor = client();
    try {
      const answer = await visitor.send('POST', '/Order/verify.json', { headers: JSON_HEADERS, body: '{}' });
      expect(answer.status).toBe(400);
      expect(answer.headers.connection).toBe('keep-alive');
    } finally {
      visitor.close();
    }
  });
});

describe('the body limits the tenant service applies before forwarding', () => {
  it('name every call mounted here, with its method and its limit', () => {
    const mounted = testApp.current.app.routes
      // Health and the JWK Set are bodiless GETs outside the calls' contract.
      .filter(
        (route) =>
          route.method !== 'ALL' &&
          !route.path.includes(':') &&
          route.path !== '/healthz' &&
          route.path !== JWKS_PATH,
      )
      .map((route) => `${route.method} ${route.path}`);
    const listed = TICKET_API_CALLS.map((call) => `${call.method} /${call.path}`);
    expect([...new Set(mounted)].sort()).toEqual([...new Set(listed)].sort());
    expect(callOfPath('/Media/uploadMedia.json')).toBeDefined();
    expect(bodyLimitOf(callOfPath('/Media/uploadMedia.json') ?? { encoding: 'json' })).toBe(
      MULTIPART_BODY_MAX_BYTES,
    );
    expect(bodyLimitOf(callOfPath('/Order/verify.json') ?? { encoding: 'multipart' })).toBe(
      JSON_BODY_MAX_BYTES,
    );
  });
});
