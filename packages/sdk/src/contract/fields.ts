// Field schemas the call contracts share, and the strict, signed request object they all use.
import { z } from 'zod';

/** Hex HMAC-SHA1, added by the client (API-01); optional in the schema, checked apart. */
export const signatureSchema = z.string().regex(/^[0-9a-fA-F]{40}$/);

/**
 * A request payload: exactly these fields (unknown ones refused, DESIGN.md "validate the exact
 * field set before checking a signature") plus the optional signature.
 */
export function signedRequest<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject({ ...shape, signature: signatureSchema.optional() });
}

/** Ids are 32-bit: the PostgreSQL integer every table that holds them uses. */
export const ID_MAX = 2_147_483_647;
export const idSchema = z.number().int().positive().max(ID_MAX);
/**
 * An id in a multipart form or a query, where every value travels as text: the caller gives a
 * number, the server receives digits, both read a number.
 */
export const textIdSchema = z.union([
  idSchema,
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number)
    .pipe(idSchema),
]);
export const userTokenSchema = z.string().min(1).max(512);
/** Identity provider tokens are JWTs: longer than session tokens. */
export const idTokenSchema = z.string().min(1).max(8192);
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
/**
 * An instant of an answer about a network's orders, tickets and cards (decision 0038): ISO 8601
 * with the network's UTC offset at that instant (2026-12-07T00:00:00+01:00), never Z, so that a
 * page shows the wall clock the server computed (time/network-instant.ts) without its own
 * time-zone data.
 */
export const networkInstantSchema = isoDateTimeSchema.regex(
  /[+-]\d{2}:\d{2}$/,
  'an instant with the network’s UTC offset, such as 2026-12-07T00:00:00+01:00',
);
export const isoDateSchema = z.iso.date();
