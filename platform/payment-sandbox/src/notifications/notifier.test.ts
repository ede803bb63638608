import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../clock.ts';
import { silentLogger } from '../logger.ts';
import type { Notification } from '../protocol/schemas.ts';
import { verifySandboxSignature } from '../protocol/signature.ts';
import { recordingPosts, START } from '../test-support/sandbox.ts';
import { createNotifier, retryDelayMs } from './notifier.ts';

afterEach(() => {
  vi.useRealTimers();
});

const SECRET = 'notifier-test-secret-0123';

const event: Notification = {
  id: 'evt_0123456789abcdef01234567',
  type: 'payment.succeeded',
  createdAt: START.toISOString(),
  sequence: 1,
  data: {
    checkoutId: 'chk_0123456789abcdef01234567',
    paymentId: 'pay_0123456789abcdef01234567',
    merchantReference: 'ref',
    amount: 100,
    currency: 'EUR',
    method: 'CARD',
    reason: null,
    savedMethod: null,
  },
};

function setup(statuses: number[]) {
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const recording = recordingPosts(statuses);
  const notifier = createNotifier({
    secret: SECRET,
    clock: systemClock,
    logger: silentLogger(),
    send: recording.post,
  });
  /** The instants (ms after START) of each attempt. */
  const attemptTimes: number[] = [];
  const original = recording.post.getMockImplementation();
  recording.post.mockImplementation(async (...args) => {
    attemptTimes.push(Date.now() - START.getTime());
    return original ? original(...args) : { status: 200 };
  });
  return { notifier, ...recording, attemptTimes };
}

describe('the notifier', () => {
  it('POSTs the JSON body signed as decision 0018 says, checked by an independent HMAC', async () => {
    const { notifier, received } = setup([204]);
    const first = await notifier.notify('https://api.test/notify', event);
    expect(first).toEqual({ attempt: 1, delivered: true, status: 204 });
    const [delivery] = received;
    expect(delivery?.url).toBe('https://api.test/notify');
    expect(delivery?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(delivery?.rawBody ?? '')).toEqual(event);
    const header = delivery?.headers.get('sandbox-signature') ?? '';
    const t = Math.floor(START.getTime() / 1000);
    const expected = createHmac('sha256', SECRET).update(`${t}.${delivery?.rawBody}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${expected}`);
    expect(
      verifySandboxSignature({ secret: SECRET, header, rawBody: delivery?.rawBody ?? '', nowSeconds: t }).ok,
    ).toBe(true);
  });

  it('retries after 1 s, 2 s, 4 s… until a 2xx, each attempt signed at its own time', async () => {
    const { notifier, received, attemptTimes } = setup([500, 503, 404, 200]);
    const first = await notifier.notify('https://api.test/notify', event);
    expect(first).toEqual({ attempt: 1, delivered: false, status: 500 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attemptTimes).toEqual([0, 1000, 3000, 7000]);
    const timestamps = received.map(
      ({ headers }) => /t=(\d+)/.exec(headers.get('sandbox-signature') ?? '')?.[1],
    );
    expect(timestamps.map(Number)).toEqual([0, 1, 3, 7].map((s) => START.getTime() / 1000 + s));
    expect(new Set(received.map(({ rawBody }) => rawBody)).size).toBe(1);
  });

  it('gives up after 8 attempts', async () => {
    const { notifier, attemptTimes } = setup([500]);
    await notifier.notify('https://api.test/notify', event);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(attemptTimes).toEqual([0, 1000, 3000, 7000, 15_000, 31_000, 63_000, 127_000]);
    expect([1, 2, 3, 7].map((attempt) => retryDelayMs(1000, attempt))).toEqual([1000, 2000, 4000, 64_000]);
  });

  it('counts a network failure or a redirect as not delivered', async () => {
    const { notifier, post, attemptTimes } = setup([302, 200]);
    post.mockImplementationOnce(async () => {
      attemptTimes.push(Date.now() - START.getTime());
      throw new Error('connect ECONNREFUSED');
    });
    expect((await notifier.notify('https://api.test/notify', event)).status).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(attemptTimes).toEqual([0, 1000, 3000]);
  });

  it('ends an attempt that gets no answer after its timeout, and retries', async () => {
    const { notifier, post } = setup([200]);
    post.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const first = notifier.notify('https://api.test/notify', event);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await first).toEqual({ attempt: 1, delivered: false, status: null });
    await vi.advanceTimersByTimeAsync(1000);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('stops retrying once closed', async () => {
    const { notifier, post } = setup([500]);
    await notifier.notify('https://api.test/notify', event);
    notifier.close();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(post).toHaveBeenCalledTimes(1);
  });
});
