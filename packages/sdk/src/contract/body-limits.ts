// The largest request body a call accepts (ours), by how its payload travels. The ticket API
// refuses a larger body with 413 and the tenant service refuses it before forwarding (decision 0023).
import { PICTURE_MAX_BYTES } from '../constants.ts';
import type { PayloadEncoding } from './define-call.ts';

/** Ours: a JSON payload (or a query-encoded one) is a handful of fields. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** Room for a form's text fields and boundaries beside its file. */
const FORM_FIELDS_BYTES = 64 * 1024;
/** A picture plus the form's text fields and boundaries: the limit of a multipart call that says none. */
export const MULTIPART_BODY_MAX_BYTES = PICTURE_MAX_BYTES + FORM_FIELDS_BYTES;

/** The message of the INVALID_REQUEST envelope answered with 413. */
export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large';

export function bodyLimitOf(call: {
  readonly encoding: PayloadEncoding;
  readonly maxFileBytes?: number;
}): number {
  if (call.encoding !== 'multipart') return JSON_BODY_MAX_BYTES;
  return call.maxFileBytes === undefined ? MULTIPART_BODY_MAX_BYTES : call.maxFileBytes + FORM_FIELDS_BYTES;
}
