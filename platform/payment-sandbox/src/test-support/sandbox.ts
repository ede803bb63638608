// A sandbox app for tests: fake timers drive its clock, and a recording sender answers its notifications.
import { vi } from 'vitest';
import { createSandboxApp } from '../app.ts';
import { systemClock } from '../clock.ts';
import type { SandboxConfig } from '../config.ts';
import { silentLogger } from '../logger.ts';
import { createNotifier } from '../notifications/notifier.ts';
import type { PostInit } from '../notifications/post-notification.ts';
import { type CreateCheckoutRequest, type Notification, notificationSchema } from '../protocol/schemas.ts';
import { createMemoryStore } from '../store/sandbox-store.ts';

export const TEST_CONFIG: SandboxConfig = {
  apiKey: 'test-api-key-0123456789',
  publicUrl: 'http://sandbox.test',
  sepaSettleMs: 5000,
};
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
export const START = new Date('2026-11-23T10:00:00.000Z');

export type ReceivedNotification = { url: string; headers: Headers; rawBody: string; event: Notification };

/** Answers each notification with the next status of `statuses` (then the last one again). */
export function recordingPosts(statuses: number[] = [200]) {
  const received: ReceivedNotification[] = [];
  const post = vi.fn(async (input: string, init: PostInit) => {
    const rawBody = init.body;
    received.push({
      url: input,
      headers: new Headers(init.headers),
      rawBody,
      event: notificationSchema.parse(JSON.parse(rawBody)),
    });
    const status = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
    return { status };
  });
  return { post, received };
}

export function createTestSandbox(options: { statuses?: number[]; config?: Partial<SandboxConfig> } = {}) {
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const { post, received } = recordingPosts(options.statuses);
  const store = createMemoryStore();
  const notifier = createNotifier({
    secret: TEST_WEBHOOK_SECRET,
    clock: systemClock,
    logger: silentLogger(),
    send: post,
  });
  const config = { ...TEST_CONFIG, ...options.config };
  const app = createSandboxApp({ clock: systemClock, store, notifier, config });
  return { app, store, notifier, post, received, config };
}

export type TestSandbox = ReturnType<typeof createTestSandbox>;

export const checkoutRequest = (overrides: Partial<CreateCheckoutRequest> = {}): CreateCheckoutRequest => ({
  merchantReference: 'pay-ref-1',
  amount: 1250,
  currency: 'EUR',
  method: 'CARD',
  saveMethod: false,
  customerReference: null,
  locale: 'en',
  description: 'Lumière transit: order 1042',
  returnUrl: 'https://shop.lumiere.test/en/checkout/return?order=1042&lang=en',
  notifyUrl: 'https://api.lumiere.test/payments/notifications',
  ...overrides,
});

let keyCounter = 0;

export function apiCall(
  sandbox: TestSandbox,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; idempotencyKey?: string | null; apiKey?: string | null } = {},
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const apiKey = options.apiKey === undefined ? sandbox.config.apiKey : options.apiKey;
  if (apiKey !== null) headers.authorization = `Bearer ${apiKey}`;
  if (method === 'POST' && options.idempotencyKey !== null) {
    keyCounter += 1;
    headers['idempotency-key'] = options.idempotencyKey ?? `test-key-${keyCounter}`;
  }
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  return sandbox.app.request(path, { method, headers, body });
}

export async function openTestCheckout(sandbox: TestSandbox, overrides: Partial<CreateCheckoutRequest> = {}) {
  const response = await apiCall(sandbox, 'POST', '/v1/checkouts', { body: checkoutRequest(overrides) });
  if (response.status !== 201)
    throw new Error(`checkout not created: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { id: string; url: string; expiresAt: string };
  return answer;
}

/** The page's form token, read from its HTML as a browser would submit it. */
export function formTokenOf(page: string): string {
  const match = /name="token" value="([^"]+)"/.exec(page);
  if (!match?.[1]) throw new Error('no form token on the page');
  return match[1];
}

export async function openPage(sandbox: TestSandbox, checkoutId: string) {
  const response = await sandbox.app.request(`/pay/${checkoutId}`);
  return { response, page: await response.text() };
}

/** Opens the page, then posts its form with `fields` (the token read from the page). */
export async function submitForm(
  sandbox: TestSandbox,
  checkoutId: string,
  fields: Record<string, string>,
  path = `/pay/${checkoutId}`,
) {
  const { page } = await openPage(sandbox, checkoutId);
  const body = new URLSearchParams({ token: formTokenOf(page), ...fields });
  return sandbox.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
}

export const VALID_CARD = { holder: 'Jeanne Dupont', expiry: '12/30', cvc: '123' };

export const payWithCard = (
  sandbox: TestSandbox,
  checkoutId: string,
  number: string,
  extra: Record<string, string> = {},
) => submitForm(sandbox, checkoutId, { ...VALID_CARD, number, action: 'pay', ...extra });

/** The query of a 303's Location, as the shop reads it. */
export function redirectQuery(response: Response) {
  const location = response.headers.get('location');
  if (!location) throw new Error(`no Location on a ${response.status}`);
  return new URL(location).searchParams;
}

/** Pays a checkout that asks to save the card; answers the saved method's token. */
export async function saveCard(sandbox: TestSandbox, number: string, expiry = '12/30') {
  const { id } = await openTestCheckout(sandbox, { saveMethod: true, customerReference: 'cust-7' });
  await payWithCard(sandbox, id, number, { expiry });
  const token = sandbox.received.at(-1)?.event.data.savedMethod?.token;
  if (!token) throw new Error(`card ${number} was not saved`);
  return token;
}

/** Signs a mandate on a checkout that asks to save it and lets its debit settle; answers its token. */
export async function saveMandate(sandbox: TestSandbox, iban: string) {
  const { id } = await openTestCheckout(sandbox, {
    method: 'TRANSFER',
    saveMethod: true,
    customerReference: 'cust-7',
  });
  await submitForm(sandbox, id, { holder: 'Jeanne Dupont', iban, consent: 'yes', action: 'pay' });
  await vi.advanceTimersByTimeAsync(sandbox.config.sepaSettleMs);
  const token = sandbox.received.at(-1)?.event.data.savedMethod?.token;
  if (!token) throw new Error(`the mandate on ${iban} was not saved`);
  return token;
}
