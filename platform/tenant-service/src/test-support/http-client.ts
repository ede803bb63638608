// A client of a running service over real HTTP, as a browser on a network's domain talks to it:
// one kept-alive connection at a time (so each request reuses the last one's), a Host header, and
// bodies sent with their length or in chunks without one.
import { Agent, type IncomingHttpHeaders, request } from 'node:http';

export type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

export type SendOptions = {
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** Sent in chunks of this size, without a Content-Length (Transfer-Encoding: chunked). */
  chunkSize?: number;
};

export type HttpClient = {
  send(method: string, path: string, options?: SendOptions): Promise<Answer>;
  close(): void;
};

export function httpClient(port: number, host: string): HttpClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, options: SendOptions = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const { body, chunkSize } = options;
      const headers: Record<string, string> = { host, ...options.headers };
      if (body !== undefined && chunkSize === undefined) {
        headers['content-length'] = String(Buffer.byteLength(body));
      }
      const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      req.on('error', reject);
      if (body !== undefined && chunkSize !== undefined) {
        const bytes = Buffer.from(body);
        for (let start = 0; start < bytes.byteLength; start += chunkSize) {
          req.write(bytes.subarray(start, start + chunkSize));
        }
        req.end();
      } else {
        req.end(body);
      }
    });
  return { send, close: () => agent.destroy() };
}
