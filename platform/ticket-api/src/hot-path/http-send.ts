// Requests to other services (the payment provider): small JSON requests over keep-alive
// connections with node:http(s), the answer read whole. fetch's streams, signals and header objects
// cost more CPU than these requests themselves.
// One of the hot path's hand-tuned pieces: hot-path/README.md says why, with the measured figures.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export type HttpRequestInit = {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
};

/** What the callers read of an answer (a fetch Response has it too, for tests that answer one). */
export type HttpAnswer = { status: number; ok: boolean; text(): Promise<string> };

export type HttpSend = (url: string, init: HttpRequestInit) => Promise<HttpAnswer>;

/**
 * Idle connections are closed after this long, before a Node server's 5-second keep-alive timeout
 * closes them under a request.
 */
const IDLE_CONNECTION_MS = 4_000;
const agents = {
  'http:': new HttpAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  'https:': new HttpsAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
};

function readAnswer(response: IncomingMessage): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('error', reject);
    response.on('end', () => {
      const status = response.statusCode ?? 0;
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status, ok: status >= 200 && status < 300, text: async () => text });
    });
  });
}

function sendOnce(
  target: URL,
  init: HttpRequestInit,
): Promise<{ answer?: HttpAnswer; reusedSocketReset?: unknown }> {
  return new Promise((resolve, reject) => {
    const secure = target.protocol === 'https:';
    const request = (secure ? httpsRequest : httpRequest)(
      target,
      {
        method: init.method,
        headers: init.headers,
        agent: secure ? agents['https:'] : agents['http:'],
        signal: init.signal,
      },
      (response) => readAnswer(response).then((answer) => resolve({ answer }), reject),
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A kept connection the server closed just as it was reused: nothing reached the server.
      if (request.reusedSocket && error.code === 'ECONNRESET') resolve({ reusedSocketReset: error });
      else reject(error);
    });
    request.end(init.body);
  });
}

/** Sends the request; one closed by the server as its kept connection was reused is sent again once. */
export const httpSend: HttpSend = async (url, init) => {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new TypeError(`not an http(s) URL: ${url}`);
  const first = await sendOnce(target, init);
  if (first.answer) return first.answer;
  const again = await sendOnce(target, init);
  if (again.answer) return again.answer;
  throw again.reusedSocketReset;
};
