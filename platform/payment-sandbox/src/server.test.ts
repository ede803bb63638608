// The sandbox over real HTTP: a checkout followed from the API to the page to a verified notification.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxApp } from './app.ts';
import { systemClock } from './clock.ts';
import type { SandboxConfig } from './config.ts';
import { silentLogger } from './logger.ts';
import { createNotifier } from './notifications/notifier.ts';
import { createCheckoutAnswerSchema, type Notification, notificationSchema } from './protocol/schemas.ts';
import { verifySandboxSignature } from './protocol/signature.ts';
import { startServer } from './server.ts';
import { createMemoryStore } from './store/sandbox-store.ts';

const SECRET = 'loopback-webhook-secret-0123';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Received = { headers: IncomingMessage['headers']; rawBody: string };

/** A receiver on loopback standing in for ticket-api: it answers 500 once, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = received.length === 1 ? 500 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/notify` };
}

async function startSandbox() {
  const config: SandboxConfig = { apiKey: 'loopback-api-key-0123', publicUrl: '', sepaSettleMs: 5000 };
  const notifier = createNotifier({
    secret: SECRET,
    clock: systemClock,
    logger: silentLogger(),
    firstRetryDelayMs: 50,
  });
  const app = createSandboxApp({ clock: systemClock, store: createMemoryStore(), notifier, config });
  const server = await startServer({ app, port: 0, hostname: '127.0.0.1' });
  // The public origin is only known once the port is chosen.
  config.publicUrl = `http://127.0.0.1:${server.port}`;
  cleanups.push(async () => {
    notifier.close();
    await server.close();
  });
  return config;
}

async function waitFor(condition: () => boolean) {
  // Real sockets: the retry comes 50 ms later; look each 10 ms, for 5 s at most.
  for (let tries = 0; tries < 500 && !condition(); tries += 1) await new Promise((r) => setTimeout(r, 10));
}

describe('the sandbox over real HTTP', () => {
  it('follows a checkout from the API through the page to a signed notification the receiver verifies', async () => {
    const receiver = await startReceiver();
    const config = await startSandbox();

    const created = await fetch(`${config.publicUrl}/v1/checkouts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': 'loopback-1',
      },
      body: JSON.stringify({
        merchantReference: 'pay-loopback',
        amount: 990,
        currency: 'EUR',
        method: 'CARD',
        saveMethod: false,
        customerReference: null,
        locale: 'fr',
        description: 'Réseau Lumière : commande 7',
        returnUrl: 'http://shop.localhost:8080/fr/checkout/return?order=7',
        notifyUrl: receiver.url,
      }),
    });
    expect(created.status).toBe(201);
    const checkout = createCheckoutAnswerSchema.parse(await created.json());
    expect(checkout.url.startsWith(config.publicUrl)).toBe(true);

    const page = await fetch(checkout.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('<html lang="fr" dir="ltr">');
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';

    const paid = await fetch(checkout.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token,
        action: 'pay',
        holder: 'Jeanne Dupont',
        number: '4242 4242 4242 4242',
        expiry: '12/30',
        cvc: '123',
      }),
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://shop.localhost:8080/fr/checkout/return?order=7&checkout=${checkout.id}&status=succeeded`,
    );
    // The first attempt was made before the redirect; the receiver's 500 makes the sandbox try again.
    expect(receiver.received.length).toBeGreaterThanOrEqual(1);
    await waitFor(() => receiver.received.length >= 2);
    expect(receiver.received).toHaveLength(2);

    for (const { headers, rawBody } of receiver.received) {
      const check = verifySandboxSignature({
        secret: SECRET,
        header: headers['sandbox-signature'] as string | undefined,
        rawBody,
        nowSeconds: Math.floor(Date.now() / 1000),
      });
      expect(check.ok).toBe(true);
      const event: Notification = notificationSchema.parse(JSON.parse(rawBody));
      expect(event).toMatchObject({
        type: 'payment.succeeded',
        sequence: 1,
        data: { checkoutId: checkout.id, merchantReference: 'pay-loopback', amount: 990, reason: null },
      });
    }
    expect(receiver.received[0]?.rawBody).toBe(receiver.received[1]?.rawBody);

    const status = await fetch(`${config.publicUrl}/v1/checkouts/${checkout.id}`, {
      headers: { authorization: `Bearer ${config.apiKey}` },
    });
    expect(((await status.json()) as { status: string }).status).toBe('succeeded');
  });
});
