// The typed client of the ticket backend: fills the session, signs, sends each call as its
// contract says, reads the envelope with the call's schema, caches GET answers, and throws the
// catalogue's errors (DESIGN.md "One request, end to end", step 3).
import ky from 'ky';
import { REQUEST_TIMEOUT_MS } from '../constants.ts';
import type { CallContract, CallPayload, CallResult } from '../contract/define-call.ts';
import { TicketApiError } from '../errors/client-errors.ts';
import { type EncodedPayload, encodePayload } from './encode-payload.ts';
import { preparePayload, type TicketSession } from './prepare-payload.ts';
import { readAnswer } from './read-answer.ts';
import { createResponseCache } from './response-cache.ts';
import { toTransportError } from './transport-error.ts';

export type { TicketSession };

export type TicketClientOptions = {
  /** The API base, e.g. `/api/` in the browser; a path is kept whether or not it ends with a slash. */
  baseUrl: string | URL;
  /** The network's shared signing key (spec 02 "Request signing"). */
  signingKey: string;
  /** Filled into calls that carry a network id when the caller leaves it out. */
  networkId: number;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** How long GET answers are reused; 5 minutes by default (API-06), 0 to never reuse. */
  cacheTtlMs?: number;
  /** The clock of the cache, for tests. */
  now?: () => number;
  /** The current session, filled into authenticated calls when the caller leaves it out. */
  getSession?: () => TicketSession | undefined;
  /** Told when the backend says the session expired (AUTH-10: the session-expired modal). */
  onSessionExpired?: (error: TicketApiError) => void;
};

export type CallOptions = {
  /** false: ask the backend even when a fresh answer is cached (the new answer is kept). */
  cache?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * A multipart call's progress, from 0 to 1, as its body is sent. fetch reports none for a form
   * (a streamed body needs HTTP/2 in browsers), so such a call goes through XMLHttpRequest.
   */
  onUploadProgress?: (fraction: number) => void;
};

export type TicketClient = {
  call<C extends CallContract>(
    contract: C,
    payload: CallPayload<C>,
    options?: CallOptions,
  ): Promise<CallResult<C>>;
  /** Forgets every cached answer (at logout, AUTH-07). */
  clearCache(): void;
  /** The session calls are sent with, for a file served to its owner only (a document's download). */
  currentSession(): TicketSession | undefined;
};

type RawAnswer = { status: number; text: string };

/** What the client uses of a browser's XMLHttpRequest (the sdk also runs where there is none). */
type UploadRequest = {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  timeout: number;
  readonly status: number;
  readonly responseText: string;
  readonly upload: {
    addEventListener(
      type: 'progress',
      listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ): void;
  };
  addEventListener(type: 'load' | 'error' | 'timeout' | 'abort', listener: () => void): void;
  abort(): void;
  send(body: FormData): void;
};
const uploadRequestClass = () => (globalThis as { XMLHttpRequest?: new () => UploadRequest }).XMLHttpRequest;

// A base with a path must end with a slash, or URL resolution would drop its last segment.
function baseWithSlash(baseUrl: string | URL): string {
  const text = String(baseUrl);
  return text.endsWith('/') ? text : `${text}/`;
}

function bodyOptions(encoded: EncodedPayload) {
  if (encoded.kind === 'query') return { searchParams: encoded.searchParams };
  if (encoded.kind === 'json') return { json: encoded.json };
  return { body: encoded.body };
}

export function createTicketClient(options: TicketClientOptions): TicketClient {
  const cache = createResponseCache({
    ...(options.cacheTtlMs === undefined ? {} : { ttlMs: options.cacheTtlMs }),
    ...(options.now ? { now: options.now } : {}),
  });
  const api = ky.create({
    baseUrl: baseWithSlash(options.baseUrl),
    // The web app's query layer decides on retries: retrying here too would multiply them.
    retry: 0,
    // ko envelopes come with error statuses and are read like any other answer.
    throwHttpErrors: false,
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    headers: { accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function send(
    contract: CallContract,
    encoded: EncodedPayload,
    callOptions: CallOptions,
  ): Promise<RawAnswer> {
    let status = 0;
    try {
      const text = await api(contract.path, {
        method: contract.method,
        ...bodyOptions(encoded),
        ...(callOptions.signal ? { signal: callOptions.signal } : {}),
        ...(callOptions.timeoutMs === undefined ? {} : { timeout: callOptions.timeoutMs }),
        hooks: {
          afterResponse: [
            ({ response }) => {
              status = response.status;
            },
          ],
        },
        // The shortcut reads the body within the timeout too.
      }).text();
      return { status, text };
    } catch (error) {
      // A caller's own cancellation stays what it is, for the query layer to recognise.
      if (callOptions.signal?.aborted) throw error;
      throw toTransportError(error);
    }
  }

  /** A form sent through XMLHttpRequest, which reports the upload's progress. */
  function sendWithProgress(
    contract: CallContract,
    body: FormData,
    callOptions: CallOptions & { onUploadProgress: (fraction: number) => void },
  ): Promise<RawAnswer> {
    const UploadRequestClass = uploadRequestClass();
    if (!UploadRequestClass) return send(contract, { kind: 'multipart', body }, callOptions);
    return new Promise((resolve, reject) => {
      const request = new UploadRequestClass();
      request.open(contract.method, `${baseWithSlash(options.baseUrl)}${contract.path}`);
      request.setRequestHeader('accept', 'application/json');
      request.timeout = callOptions.timeoutMs ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS;
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0)
          callOptions.onUploadProgress(event.loaded / event.total);
      });
      request.addEventListener('load', () => resolve({ status: request.status, text: request.responseText }));
      request.addEventListener('error', () => reject(toTransportError(new TypeError('Failed to fetch'))));
      request.addEventListener('timeout', () =>
        reject(toTransportError(new DOMException('The upload timed out', 'TimeoutError'))),
      );
      request.addEventListener('abort', () =>
        reject(callOptions.signal?.reason ?? new DOMException('The upload was aborted', 'AbortError')),
      );
      callOptions.signal?.addEventListener('abort', () => request.abort(), { once: true });
      request.send(body);
    });
  }

  return {
    async call(contract, payload, callOptions = {}) {
      const ready = await preparePayload(contract, payload as Record<string, unknown>, {
        signingKey: options.signingKey,
        networkId: options.networkId,
        session: options.getSession?.(),
      });
      const encoded = encodePayload(contract.encoding, ready);
      const cacheKey =
        contract.cacheable && encoded.kind === 'query'
          ? `${contract.path}?${encoded.searchParams}`
          : undefined;
      const cached = cacheKey && callOptions.cache !== false ? cache.get(cacheKey) : undefined;
      const { onUploadProgress } = callOptions;
      const answer =
        cached ??
        (encoded.kind === 'multipart' && onUploadProgress
          ? await sendWithProgress(contract, encoded.body, { ...callOptions, onUploadProgress })
          : await send(contract, encoded, callOptions));
      let response: unknown;
      try {
        response = readAnswer(contract, answer.status, answer.text);
      } catch (error) {
        // A token the backend no longer knows (revoked, another network's) ends the session the
        // same way as an expired one, but only on a call that sent the session.
        const sessionEnded =
          error instanceof TicketApiError &&
          (error.code === 'SESSION_EXPIRED' || (error.code === 'TOKEN_INVALID' && contract.session !== null));
        if (sessionEnded) {
          options.onSessionExpired?.(error);
        }
        throw error;
      }
      if (cacheKey && !cached) cache.set(cacheKey, answer);
      // Any other call may change what a cached GET answered (a card removed, a profile added).
      if (contract.method !== 'GET') cache.clear();
      return contract.toResult(response) as CallResult<typeof contract>;
    },
    clearCache() {
      cache.clear();
    },
    currentSession() {
      return options.getSession?.();
    },
  };
}
