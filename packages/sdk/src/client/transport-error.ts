// Turns what fetch and ky throw into the client exceptions of spec 02 §8: a timeout, a connection
// reset or refused, or a generic error (API-05).
import { isNetworkError, isTimeoutError } from 'ky';
import { isAppError } from '../errors/app-error.ts';
import {
  ConnectionError,
  type ConnectionFailure,
  GenericError,
  TimeoutError,
} from '../errors/client-errors.ts';

const RESET_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED']);
const REFUSED_CODES = new Set(['ECONNREFUSED']);
// What runtimes throw when the connection drops; ky recognises most of them, not a body cut short.
const NETWORK_MESSAGES = new Set(['fetch failed', 'terminated', 'Failed to fetch', 'network error']);

/** Every error in a cause chain, including the members of aggregate errors (a refused IPv4 and IPv6). */
function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  const queue = [error];
  while (queue.length > 0 && found.length < 20) {
    const current = queue.shift();
    if (!current || typeof current !== 'object') continue;
    found.push(current);
    if ('cause' in current) queue.push(current.cause);
    if (current instanceof AggregateError) queue.push(...current.errors);
  }
  return found;
}

function failureOf(error: unknown): ConnectionFailure {
  for (const cause of causes(error)) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (REFUSED_CODES.has(code)) return 'refused';
    if (RESET_CODES.has(code)) return 'reset';
  }
  const messages = causes(error).map((cause) => (cause as { message?: unknown }).message);
  return messages.includes('terminated') || messages.includes('other side closed') ? 'reset' : 'unknown';
}

function isNetworkFailure(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  return error instanceof TypeError && NETWORK_MESSAGES.has(error.message);
}

export function toTransportError(error: unknown): Error {
  if (isAppError(error)) return error;
  if (isTimeoutError(error) || (error instanceof DOMException && error.name === 'TimeoutError')) {
    return new TimeoutError({ cause: error });
  }
  if (isNetworkFailure(error)) return new ConnectionError({ reason: failureOf(error), cause: error });
  return new GenericError({ cause: error });
}
