// The tenant service in front of the real ticket API, both over real HTTP: bodies over a call's
// limit are refused by the tenant service and never spoil the connections other visitors' calls
// go through (decision 0023).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toFormData, toSearchParams } from '@transit-shop/sdk/client/encode-payload';
import { preparePayload, type TicketSession } from '@transit-shop/sdk/client/prepare-payload';
import { ACCOUNT_CALLS, loginAnswerSchema } from '@transit-shop/sdk/contract/account';
import { BODY_TOO_LARGE_MESSAGE, MULTIPART_BODY_MAX_BYTES } from '@transit-shop/sdk/contract/body-limits';
import { CATALOGUE_CALLS, productListPayload } from '@transit-shop/sdk/contract/catalogue';
import type { AnyCallContract } from '@transit-shop/sdk/contract/define-call';
import { ko, okEnvelopeSchema } from '@transit-shop/sdk/contract/envelope';
import { IDENTITY_CALLS, identitySessionSchema } from '@transit-shop/sdk/contract/identity';
import { ORDER_CALLS } from '@transit-shop/sdk/contract/order';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../http/http-server.ts';
import { createFixture, type FixtureDirs, removeFixture } from '../test-support/fixtures.ts';
import { type Answer, httpClient } from '../test-support/http-client.ts';
import { serviceInFront, startTicketApi, type TicketApiProcess } from '../test-support/ticket-api-process.ts';

const HOST = 'lumiere.localhost';
const TOO_LARGE = ko('INVALID_REQUEST', BODY_TOO_LARGE_MESSAGE);

let ticketApi: TicketApiProcess;
let dirs: FixtureDirs;
let server: Server;
let port: number;
let network: { id: number; signingKey: string };

beforeAll(async () => {
  [ticketApi, dirs] = await Promise.all([startTicketApi(), createFixture({ networks: [] })]);
  const service = await serviceInFront(ticketApi, dirs.distDir, HOST);
  network = service.network;
  const { app, pages, logger } = service;
  server = createHttpServer({ app, pages, logger });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}, 240_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await ticketApi?.stop();
  if (dirs) await removeFixture(dirs);
}, 60_000);

/** A payload as the web app sends it: network and session fields filled in, checked, signed. */
const signed = (call: AnyCallContract, payload: Record<string, unknown>, session?: TicketSession) =>
  preparePayload(call, payload, { signingKey: network.signingKey, networkId: network.id, session });

const json = (payload: Record<string, unknown>) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(payload),
});

/** A JSON body of exactly `size` bytes. */
function paddedJson(size: number): string {
  const head = `{"networkId":${network.id},"articles":[],"padding":"`;
  return `${head}${'x'.repeat(size - head.length - 2)}"}`;
}

/** A multipart form with one file part of exactly `size` bytes. */
function multipart(size: number) {
  const boundary = 'edge-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), Buffer.alloc(size), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body };
}

/** The normal calls of the shop's pages: the catalogue (a signed GET) and the cart's check (a signed POST). */
async function normalCalls() {
  const products = await signed(CATALOGUE_CALLS.getProducts, productListPayload('fr'));
  const verify = await signed(ORDER_CALLS.verify, {
    articles: [{ shopItemId: 1101, quantity: 1, support: 'DEMATERIALIZED' }],
  });
  return [
    { method: 'GET', path: `/api/Products/getProducts.json?${toSearchParams(products)}`, options: {} },
    { method: 'POST', path: '/api/Order/verify.json', options: json(verify) },
  ];
}

type Outcome = { call: string; status: number; error?: string; body?: string };

const outcomeOf = (call: string, answer: Answer): Outcome => ({
  call,
  status: answer.status,
  body: answer.body.slice(0, 200),
});

describe('bodies over the limit of the call they are sent to', () => {
  it('are refused by the tenant service with 413, and no normal call of another visitor answers 5xx', async () => {
    const oversized = httpClient(port, HOST);
    const visitor = httpClient(port, HOST);
    const calls = await normalCalls();
    const sizes = [1_100_000, 300_000, 550_000, 800_000, 65_537];
    const refusals: Outcome[] = [];
    const answers: Outcome[] = [];
    try {
      for (let round = 0; round < 50; round += 1) {
        const size = sizes[round % sizes.length] as number;
        // Every other one without a Content-Length; every tenth is an upload over the picture limit.
        const chunkSize = round % 2 === 1 ? 16 * 1024 : undefined;
        const [path, request] =
          round % 10 === 9
            ? ['/api/Media/uploadMedia.json', multipart(MULTIPART_BODY_MAX_BYTES + 1)]
            : [
                '/api/Order/verify.json',
                { headers: { 'content-type': 'application/json' }, body: paddedJson(size) },
              ];
        const name = `${path} ${request.body.length} bytes${chunkSize ? ' chunked' : ''}`;
        await Promise.all([
          oversized.send('POST', path, { ...request, chunkSize }).then(
            (answer) => void refusals.push({ ...outcomeOf(name, answer), body: answer.body }),
            (error: Error) => void refusals.push({ call: name, status: 0, error: error.message }),
          ),
          (async () => {
            for (let index = 0; index < 10; index += 1) {
              const call = calls[index % calls.length] as (typeof calls)[number];
              const name = `${call.method} ${call.path.split('?')[0]}`;
              await visitor.send(call.method, call.path, call.options).then(
                (answer) => void answers.push(outcomeOf(name, answer)),
                (error: Error) => void answers.push({ call: name, status: 0, error: error.message }),
              );
            }
          })(),
        ]);
      }
    } finally {
      oversized.close();
      visitor.close();
    }

    expect(answers).toHaveLength(500);
    expect(answers.filter((answer) => answer.status >= 500 || answer.status === 0)).toEqual([]);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(refusals).toHaveLength(50);
    expect(
      refusals.filter((refusal) => refusal.status !== 413 || refusal.body !== JSON.stringify(TOO_LARGE)),
    ).toEqual([]);
    // Refused at the edge: none of them reached the ticket API.
    expect(ticketApi.requests().filter((request) => request.status === 413)).toEqual([]);
  }, 600_000);

  it('an upload over the JSON limit and within the picture limit still reaches the ticket API, which stores it', async () => {
    const visitor = httpClient(port, HOST);
    try {
      const email = `edge.upload.${process.pid}@example.org`;
      const password = 'Tramway-Line-7!';
      const signUp = await visitor.send(
        'POST',
        '/api/identity/signUp',
        json(
          await signed(IDENTITY_CALLS.signUp, {
            email,
            password,
            firstName: 'Ada',
            lastName: 'Lovelace',
            locale: 'fr',
            acceptedTerms: true,
            acceptedPrivacy: true,
          }),
        ),
      );
      expect(signUp.status, signUp.body).toBe(200);
      const { idToken } = okEnvelopeSchema(identitySessionSchema).parse(JSON.parse(signUp.body)).response;
      const login = await visitor.send(
        'POST',
        '/api/Account/login.json',
        json(
          await signed(ACCOUNT_CALLS.login, { firebase_token: idToken, locale: 'fr', originType: 'ESHOP' }),
        ),
      );
      expect(login.status, login.body).toBe(200);
      const user = okEnvelopeSchema(loginAnswerSchema).parse(JSON.parse(login.body)).response.user;
      if (!user) throw new Error('no user signed in');

      // An image stored without compression, so its file is over a megabyte.
      const picture = new Uint8Array(
        await sharp({ create: { width: 600, height: 600, channels: 3, background: '#204080' } })
          .png({ compressionLevel: 0 })
          .toBuffer(),
      );
      const payload = await signed(
        ACCOUNT_CALLS.uploadPicture,
        { media: new File([picture], 'me.png', { type: 'image/png' }) },
        { userToken: user.userToken, userId: user.userId },
      );
      const form = new Response(toFormData(payload));
      const body = new Uint8Array(await form.arrayBuffer());
      expect(body.byteLength).toBeGreaterThan(1_000_000);
      const upload = await visitor.send('POST', '/api/Media/uploadMedia.json', {
        headers: { 'content-type': form.headers.get('content-type') ?? '' },
        body,
      });
      expect(upload.status, upload.body).toBe(200);
      expect(JSON.parse(upload.body)).toMatchObject({
        status: 'ok',
        response: { user: { userPictureUrl: expect.stringMatching(/^\/api\/Media\/picture\/\w+\.png$/) } },
      });
    } finally {
      visitor.close();
    }
  }, 120_000);
});
