import { describe, expect, it } from 'vitest';
import { trackInFlight } from './in-flight.ts';

describe('requests in flight', () => {
  it('idle() waits for the last request being answered, failed ones included', async () => {
    const answers: (() => void)[] = [];
    const tracked = trackInFlight(
      (request: Request) =>
        new Promise<Response>((resolve, reject) => {
          answers.push(() =>
            request.url.endsWith('/fail') ? reject(new Error('failed')) : resolve(new Response('ok')),
          );
        }),
    );
    await expect(tracked.idle()).resolves.toBeUndefined();
    const first = tracked.fetch(new Request('http://api.test/a'));
    const second = tracked.fetch(new Request('http://api.test/fail'));
    expect(tracked.running).toBe(2);
    let idle = false;
    const waiting = tracked.idle().then(() => {
      idle = true;
    });
    answers[0]?.();
    await first;
    expect(idle).toBe(false);
    answers[1]?.();
    await expect(second).rejects.toThrow('failed');
    await waiting;
    expect(idle).toBe(true);
    expect(tracked.running).toBe(0);
  });
});
