// Puts a signed payload on the wire the way its call says: URL parameters, a JSON body, or a
// multipart form whose file parts are sent as files.
import type { PayloadEncoding } from '../contract/define-call.ts';
import { canonicalValue } from '../signing/canonical-string.ts';

export type EncodedPayload =
  | { kind: 'query'; searchParams: URLSearchParams }
  | { kind: 'json'; json: Record<string, unknown> }
  | { kind: 'multipart'; body: FormData };

/**
 * Query values are written exactly as they are signed (canonical-string.ts): arrays and objects
 * as canonical JSON text (API-07), null as an empty value. Parameters are sorted so one payload
 * always makes one URL, which is also the cache key.
 */
export function toSearchParams(payload: Readonly<Record<string, unknown>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(payload).sort()) {
    const text = canonicalValue(payload[key]);
    if (text !== undefined) params.append(key, text);
  }
  return params;
}

export function toFormData(payload: Readonly<Record<string, unknown>>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    if (value instanceof Blob) {
      form.append(key, value, value instanceof File ? value.name : key);
      continue;
    }
    const text = canonicalValue(value);
    if (text !== undefined) form.append(key, text);
  }
  return form;
}

export function encodePayload(encoding: PayloadEncoding, payload: Record<string, unknown>): EncodedPayload {
  if (encoding === 'query') return { kind: 'query', searchParams: toSearchParams(payload) };
  if (encoding === 'multipart') return { kind: 'multipart', body: toFormData(payload) };
  return { kind: 'json', json: payload };
}
