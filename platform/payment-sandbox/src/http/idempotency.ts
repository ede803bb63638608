// Idempotency-Key: a key answers the same resource again; the same key with another request is a 409.
import type { Context } from 'hono';
import { idempotencyKeySchema } from '../protocol/schemas.ts';
import type { SandboxStore } from '../store/sandbox-store.ts';
import { ApiError } from './api-error.ts';

export function readIdempotencyKey(c: Context): string {
  const key = c.req.header('idempotency-key');
  if (key === undefined) {
    throw new ApiError(
      400,
      'idempotency_key_required',
      'The Idempotency-Key header is required on this call',
    );
  }
  if (!idempotencyKeySchema.safeParse(key).success) {
    throw new ApiError(
      400,
      'invalid_idempotency_key',
      'Idempotency-Key is 1 to 255 visible ASCII characters',
    );
  }
  return key;
}

/**
 * Answers the body kept for `scope` and `key`, or creates it. The request is compared in its
 * parsed form, so the same call with other spacing or key order is still the same call.
 * Everything runs synchronously: two requests with one key cannot both create.
 */
export function idempotent<Body>(options: {
  store: SandboxStore;
  scope: string;
  key: string;
  request: unknown;
  create: () => Body;
}): Body {
  const { store, scope, key, request, create } = options;
  const storeKey = `${scope}\u0000${key}`;
  const fingerprint = JSON.stringify(request);
  const kept = store.idempotentAnswers.get(storeKey);
  if (kept) {
    if (kept.requestFingerprint !== fingerprint) {
      throw new ApiError(409, 'idempotency_key_reused', 'This Idempotency-Key was used with another request');
    }
    return kept.body as Body;
  }
  const body = create();
  store.idempotentAnswers.set(storeKey, { requestFingerprint: fingerprint, body });
  return body;
}
