// Reads a call's payload as its contract says it travels: URL parameters, a JSON object body, or a
// multipart form whose file parts stay files. A body that cannot be read is the caller's mistake:
// INVALID_REQUEST, never a server error.
import type { PayloadEncoding } from '@transit-shop/sdk/contract/define-call';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

export type RawPayload = Record<string, unknown>;

function unreadable(message: string): AppError {
  return new AppError('INVALID_REQUEST', {
    message,
    details: { issues: [{ path: '', message: VALIDATION_MESSAGES.invalid }] },
  });
}

function mediaType(c: Context<AppEnv>): string {
  return (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * A repeated field arrives as a list, which the call's schema then refuses where one value is
 * expected. Every field is an own property, so one named __proto__ or toString is an unknown field
 * like any other rather than a change to the payload's prototype.
 */
function collect(entries: Iterable<[string, unknown]>): RawPayload {
  const payload: RawPayload = {};
  for (const [key, value] of entries) {
    const previous = Object.hasOwn(payload, key) ? payload[key] : undefined;
    const next =
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
    Object.defineProperty(payload, key, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return payload;
}

async function readJson(c: Context<AppEnv>): Promise<RawPayload> {
  if (mediaType(c) !== 'application/json') {
    throw unreadable('The request body must be JSON (Content-Type: application/json)');
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw unreadable('The request body is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw unreadable('The request body must be a JSON object');
  }
  return body as RawPayload;
}

async function readMultipart(c: Context<AppEnv>): Promise<RawPayload> {
  if (mediaType(c) !== 'multipart/form-data') {
    throw unreadable('The request body must be a multipart form (Content-Type: multipart/form-data)');
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw unreadable('The multipart form cannot be read');
  }
  return collect(form.entries());
}

export async function readPayload(c: Context<AppEnv>, encoding: PayloadEncoding): Promise<RawPayload> {
  if (encoding === 'query') return collect(new URL(c.req.url).searchParams.entries());
  if (encoding === 'multipart') return readMultipart(c);
  return readJson(c);
}
