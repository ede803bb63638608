import { describe, expect, it } from 'vitest';
import { answerBeforeBody, isBodyLeftUnread, readBodyWithin } from './request-body.ts';

/** A body arriving in chunks, the last one only when `release` is called. */
function arriving(chunks: number, size: number) {
  let release = () => {};
  const last = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === chunks - 1) await last;
      if (sent === chunks) return controller.close();
      controller.enqueue(new Uint8Array(size));
      sent += 1;
    },
  });
  return { body, release, sent: () => sent };
}

describe('readBodyWithin', () => {
  it('answers the bytes of a body within the limit, and null as soon as one runs past it', async () => {
    const within = await readBodyWithin(new Response('abc').body, 3);
    expect(new TextDecoder().decode(within ?? undefined)).toBe('abc');
    const { body, sent } = arriving(10, 100);
    expect(await readBodyWithin(body, 250)).toBeNull();
    expect(sent()).toBe(3);
    expect(body.locked).toBe(false);
  });
});

describe('answerBeforeBody', () => {
  it('says Connection: close and ends only once the rest of the request body has arrived', async () => {
    const { body, release, sent } = arriving(5, 10);
    const answer = await answerBeforeBody(new Response('{"status":"ko"}', { status: 413 }), body);
    expect(answer.status).toBe(413);
    expect(answer.headers.get('connection')).toBe('close');
    expect(answer.headers.get('content-length')).toBe('15');
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('{"status":"ko"}');
    let ended = false;
    const end = reader.read().then((next) => {
      ended = next.done;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ended).toBe(false);
    release();
    await end;
    expect(ended).toBe(true);
    expect(sent()).toBe(5);
  });

  it('gives a body still coming up after the linger time', async () => {
    const { body } = arriving(5, 10);
    const answer = await answerBeforeBody(new Response('x'), body, 10);
    expect(await answer.text()).toBe('x');
  });
});

describe('isBodyLeftUnread', () => {
  it('is true for an announced body not read to its end', () => {
    expect(isBodyLeftUnread({ readableEnded: false, headers: { 'content-length': '12' } })).toBe(true);
    expect(isBodyLeftUnread({ readableEnded: false, headers: { 'transfer-encoding': 'chunked' } })).toBe(
      true,
    );
    expect(isBodyLeftUnread({ readableEnded: true, headers: { 'content-length': '12' } })).toBe(false);
    expect(isBodyLeftUnread({ readableEnded: false, headers: { 'content-length': '0' } })).toBe(false);
    expect(isBodyLeftUnread({ readableEnded: false, headers: {} })).toBe(false);
  });
});
