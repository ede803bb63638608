// The fetch of forwarded calls: a GET or HEAD whose connection fails before any answer (the ticket
// API closed a kept-alive connection just as it was reused) is sent once more; other methods are
// never sent twice, since the first attempt may have been acted on (decision 0023).

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
/** What Node's fetch reports, as the cause of its "fetch failed", when the socket fails. */
const CONNECTION_FAILURES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

export function isConnectionFailure(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' && CONNECTION_FAILURES.has(cause.code);
}

export async function fetchRetryingReads(
  request: Request,
  send: (request: Request) => Promise<Response> = fetch,
): Promise<Response> {
  const again = SAFE_METHODS.has(request.method) ? request.clone() : undefined;
  try {
    return await send(request);
  } catch (error) {
    if (!again || request.signal.aborted || !isConnectionFailure(error)) throw error;
    return send(again);
  }
}
