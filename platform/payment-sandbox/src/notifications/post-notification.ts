// How a notification reaches the shop: a POST over a kept connection (node:http or https), the
// answer's status read and its body drained. A payment makes one per event, and fetch's streams and
// signals would cost more CPU than the request itself.
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export type PostInit = { headers: Record<string, string>; body: string; signal: AbortSignal };
/** The notifier's way of sending; tests answer with their own (a fetch Response has a status too). */
export type PostNotification = (url: string, init: PostInit) => Promise<{ status: number }>;

/** Idle connections are closed before a Node server's 5-second keep-alive timeout closes them. */
const IDLE_CONNECTION_MS = 4_000;
const httpAgent = new HttpAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS });
const httpsAgent = new HttpsAgent({ keepAlive: true, timeout: IDLE_CONNECTION_MS });

export const postNotification: PostNotification = (url, init) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const request = (secure ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        headers: init.headers,
        agent: secure ? httpsAgent : httpAgent,
        signal: init.signal,
      },
      (response) => {
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        // The body is not needed; reading it frees the connection.
        response.resume();
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
