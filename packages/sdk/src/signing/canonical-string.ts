// The text a request signature is computed over (spec 02 "Request signing"; canonical form in
// docs/decisions/0007-request-signature-canonical-form.md).

/** The field that carries the signature; it is never part of the signed text. */
export const SIGNATURE_FIELD = 'signature';
export const SIGNATURE_SEPARATOR = '*';

/** A file part of a multipart payload: its bytes are not signed, only the text fields. */
const isFile = (value: unknown): boolean =>
  (typeof Blob !== 'undefined' && value instanceof Blob) || value instanceof Uint8Array;

/** JSON with object keys in code-unit order at every depth, undefined members dropped. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const members = Object.keys(value)
    .sort()
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${members.join(',')}}`;
}

/**
 * One payload value as signed text, or undefined when the value is not signed (undefined, files).
 * Strings as they are, numbers and booleans as JavaScript prints them, null as the empty text,
 * arrays and objects as canonical JSON (which is also how GET queries carry them).
 */
export function canonicalValue(value: unknown): string | undefined {
  if (value === undefined || isFile(value)) return undefined;
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return canonicalJson(value);
}

/** The values of the payload, sorted by field name, joined with '*'; the signature field left out. */
export function canonicalString(payload: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const key of Object.keys(payload).sort()) {
    if (key === SIGNATURE_FIELD) continue;
    const text = canonicalValue(payload[key]);
    if (text !== undefined) parts.push(text);
  }
  return parts.join(SIGNATURE_SEPARATOR);
}
