// Request bodies on the services' side: read one within a limit, and answer before a body is read
// to its end without leaving the connection in a state a client would reuse (decision 0023). Web
// streams only; the tenant service and the ticket API both run it.

/** How long an answer given before the end of its request body waits for that end, at most. */
export const UNREAD_BODY_LINGER_MS = 10_000;

/** What a Node HTTP server tells of a request's body (an IncomingMessage fits). */
export type IncomingBody = {
  readonly readableEnded: boolean;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
};

/** Whether a request announced a body (a length above 0, or chunks) that was not read to its end. */
export function isBodyLeftUnread(incoming: IncomingBody): boolean {
  if (incoming.readableEnded) return false;
  const length = incoming.headers['content-length'];
  return incoming.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The body's bytes, or null as soon as it runs past `limit` bytes: what remains is not read, and
 * the stream is left unlocked for `answerBeforeBody` to drop it. Throws when the body cannot be
 * read (the client went away).
 */
export async function readBodyWithin(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return concat(chunks, size);
      size += value.byteLength;
      if (size > limit) return null;
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
}

/** Reads and drops what remains of a body, for `lingerMs` at most; then gives it up. */
async function discard(body: ReadableStream<Uint8Array> | null, lingerMs: number): Promise<void> {
  if (!body || body.locked) return;
  const reader = body.getReader();
  const timer = setTimeout(() => void reader.cancel().catch(() => {}), lingerMs);
  try {
    while (!(await reader.read()).done) {
      // dropped
    }
  } catch {
    // the client went away: nothing left to wait for
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `response`, given before the request body `rest` was read to its end (a refused body, an error
 * found first). It says `Connection: close`, so no client sends another request on a connection
 * whose request stream is out of step, and it ends only once the rest of the body has arrived and
 * been dropped: a server that closes a socket with unread data resets the connection, and the
 * client may then never read the answer. A body still coming after `lingerMs` is given up.
 */
export async function answerBeforeBody(
  response: Response,
  rest: ReadableStream<Uint8Array> | null,
  lingerMs = UNREAD_BODY_LINGER_MS,
): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set('connection', 'close');
  headers.set('content-length', String(bytes.byteLength));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(bytes);
      void discard(rest, lingerMs).then(() => {
        try {
          controller.close();
        } catch {
          // the answer was cancelled: the client is gone
        }
      });
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
