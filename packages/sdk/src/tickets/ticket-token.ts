// The code at the gate (decision 0030): a compact JWS (ES256) of the ticket, signed with the
// network's ticket key, then `~` and a device proof, a compact JWS of { tid, iat } by the key pair
// the wallet's browser holds (the ticket's `cnf.jwk`, RFC 7800). A screenshot is not a ticket: the
// proof is made again every 10 s and refused once older than 30 s. A printed ticket (a guest's PDF,
// a sticker) carries no device key and no proof, and says it is printed.
import { CompactSign, decodeProtectedHeader, type JWK } from 'jose';
import { z } from 'zod';
import { idSchema } from '../contract/fields.ts';
import { base64UrlBytes, checksOnCallingThread, verifyCompactEs256 } from './compact-es256.ts';

export const TICKET_TOKEN_TYPE = 'tkt+jwt';
export const TICKET_ALGORITHM = 'ES256';
/** The device proof is made again this often. */
export const DEVICE_PROOF_REFRESH_SECONDS = 10;
/** A proof older (or further ahead) than this is refused. */
export const DEVICE_PROOF_MAX_AGE_SECONDS = 30;
/** The longest code read: a ticket and its proof are about 700 characters. */
export const TICKET_CODE_MAX_LENGTH = 2048;
const SEPARATOR = '~';
// A compact JWS of ES256: its 64-byte signature has one base64url spelling only (86 characters, the
// last one's 4 spare bits zero), so a code changed in a character is never the same code.
const COMPACT_ES256 = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{85}[AQgw]$/;

/** A contract's public id: 16 random bytes in base64url. */
export const ticketPublicIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** A P-256 public key as a JWK: what `cnf.jwk` carries and what a wallet sends. */
export const ecPublicJwkSchema = z.strictObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  y: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type EcPublicJwk = z.infer<typeof ecPublicJwkSchema>;

const seconds = z
  .number()
  .int()
  .min(0)
  .max(2 ** 40);

export const ticketClaimsSchema = z.strictObject({
  /** The network. */
  net: idSchema,
  /** The contract's public id. */
  tid: ticketPublicIdSchema,
  /** The fare product. */
  pid: idSchema,
  /** The traveller's name, as an inspector compares it with an identity document. */
  trv: z.string().max(120),
  /** The travel window (seconds): a pass's period, an activation's window; null until activated. */
  from: seconds.nullable(),
  to: seconds.nullable(),
  /** Until when an activated kind may still be activated; null for the others. */
  until: seconds.nullable(),
  /** Journeys left; null when not counted. */
  jrn: z.number().int().min(0).nullable(),
  /** The binding generation: a transfer makes older tokens stale (the online check refuses them). */
  gen: z.number().int().min(0),
  iat: seconds,
  /** A printed ticket: no device key. */
  prn: z.literal(true).optional(),
  cnf: z.strictObject({ jwk: ecPublicJwkSchema }).optional(),
});
export type TicketClaims = z.infer<typeof ticketClaimsSchema>;

const deviceProofSchema = z.strictObject({ tid: ticketPublicIdSchema, iat: seconds });

/** A JWKS as a network publishes it. */
export const ticketKeySetSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('EC'),
      crv: z.literal('P-256'),
      x: z.string(),
      y: z.string(),
      kid: z.string().min(1).max(64),
      alg: z.literal(TICKET_ALGORITHM).optional(),
      use: z.literal('sig').optional(),
    }),
  ),
});
export type TicketKeySet = z.infer<typeof ticketKeySetSchema>;

export const TICKET_REFUSALS = [
  'MALFORMED',
  'UNKNOWN_KEY',
  'BAD_SIGNATURE',
  'OTHER_NETWORK',
  'DEVICE_PROOF_MISSING',
  'DEVICE_PROOF_INVALID',
  'DEVICE_PROOF_STALE',
  'NOT_ACTIVATED',
  'NOT_YET_VALID',
  'EXPIRED',
] as const;
export type TicketRefusal = (typeof TICKET_REFUSALS)[number];

export type TicketVerdict =
  | { readonly valid: true; readonly claims: TicketClaims; readonly printed: boolean; readonly keyId: string }
  | { readonly valid: false; readonly reason: TicketRefusal; readonly claims: TicketClaims | null };

type SigningKey = Parameters<CompactSign['sign']>[0];
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** The ticket's token, signed with the network's newest key. */
export async function signTicketToken(
  claims: TicketClaims,
  key: { readonly kid: string; readonly privateKey: SigningKey },
): Promise<string> {
  const payload = ticketClaimsSchema.parse(claims);
  return new CompactSign(encoder.encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: TICKET_ALGORITHM, kid: key.kid, typ: TICKET_TOKEN_TYPE })
    .sign(key.privateKey);
}

/** The device's proof that it holds the ticket now (the wallet's key, never extractable). */
export async function signDeviceProof(tid: string, privateKey: SigningKey, now: Date): Promise<string> {
  return new CompactSign(encoder.encode(JSON.stringify({ tid, iat: nowSeconds(now) })))
    .setProtectedHeader({ alg: TICKET_ALGORITHM })
    .sign(privateKey);
}

/** The code shown: the token, and the proof when the ticket is bound to a device. */
export function ticketCode(token: string, proof: string | null): string {
  return proof ? `${token}${SEPARATOR}${proof}` : token;
}

/** The claims of a token, unverified (for showing a ticket the wallet already holds). */
export function readTicketClaims(token: string): TicketClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(decoder.decode(base64UrlBytes(payload)));
    const parsed = ticketClaimsSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function verifiedPayload(jws: string, jwk: JWK): Promise<unknown> {
  return JSON.parse(decoder.decode(await verifyCompactEs256(jws, jwk)));
}

type Settled = { readonly ok: true; readonly payload: unknown } | { readonly ok: false };
/** A check's outcome, never rejected: one started early and left unread raises no unhandled rejection. */
const settled = (check: Promise<unknown>): Promise<Settled> =>
  check.then(
    (payload) => ({ ok: true, payload }),
    () => ({ ok: false }),
  );

/**
 * The verdict on a code, offline: the network's published keys and the instant of the check are all
 * it needs. `network` refuses a ticket of another network when given.
 */
export async function verifyTicketCode(
  code: string,
  options: { readonly keys: TicketKeySet; readonly now: Date; readonly network?: number },
): Promise<TicketVerdict> {
  const refuse = (reason: TicketRefusal, claims: TicketClaims | null = null): TicketVerdict => ({
    valid: false,
    reason,
    claims,
  });
  if (typeof code !== 'string' || code.length > TICKET_CODE_MAX_LENGTH) return refuse('MALFORMED');
  const parts = code.trim().split(SEPARATOR);
  if (parts.length > 2) return refuse('MALFORMED');
  const [token = '', proof] = parts;
  if (!COMPACT_ES256.test(token)) return refuse('MALFORMED');
  let kid: unknown;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== TICKET_ALGORITHM || header.typ !== TICKET_TOKEN_TYPE) return refuse('MALFORMED');
    kid = header.kid;
  } catch {
    return refuse('MALFORMED');
  }
  const key = options.keys.keys.find((candidate) => candidate.kid === kid);
  if (!key) return refuse('UNKNOWN_KEY', readTicketClaims(token));
  // Where checks wait on Web Crypto's threads, the proof's starts with the ticket's: its key read
  // from the ticket unverified, its result used only if the verified ticket names that same key.
  const claimedKey = proof && !checksOnCallingThread ? readTicketClaims(token)?.cnf?.jwk : undefined;
  const earlyProof =
    claimedKey && COMPACT_ES256.test(proof ?? '') ? settled(verifiedPayload(proof ?? '', claimedKey)) : null;
  let claims: TicketClaims;
  try {
    const parsed = ticketClaimsSchema.safeParse(await verifiedPayload(token, key));
    if (!parsed.success) return refuse('MALFORMED');
    claims = parsed.data;
  } catch {
    return refuse('BAD_SIGNATURE');
  }
  if (options.network !== undefined && claims.net !== options.network) return refuse('OTHER_NETWORK', claims);
  const at = nowSeconds(options.now);
  const printed = claims.prn === true;
  if (!printed) {
    if (!claims.cnf) return refuse('MALFORMED', claims);
    if (proof === undefined || proof === '') return refuse('DEVICE_PROOF_MISSING', claims);
    if (!COMPACT_ES256.test(proof)) return refuse('DEVICE_PROOF_INVALID', claims);
    const { jwk } = claims.cnf;
    const sameKey = earlyProof && claimedKey?.x === jwk.x && claimedKey.y === jwk.y;
    const checked = await (sameKey ? earlyProof : settled(verifiedPayload(proof, jwk)));
    const parsed = checked.ok ? deviceProofSchema.safeParse(checked.payload) : null;
    if (!parsed?.success) return refuse('DEVICE_PROOF_INVALID', claims);
    const proven = parsed.data;
    if (proven.tid !== claims.tid) return refuse('DEVICE_PROOF_INVALID', claims);
    if (Math.abs(at - proven.iat) > DEVICE_PROOF_MAX_AGE_SECONDS) return refuse('DEVICE_PROOF_STALE', claims);
  } else if (proof !== undefined) {
    return refuse('MALFORMED', claims);
  }
  if (claims.from === null || claims.to === null) {
    if (claims.until !== null && at >= claims.until) return refuse('EXPIRED', claims);
    return refuse('NOT_ACTIVATED', claims);
  }
  if (at < claims.from) return refuse('NOT_YET_VALID', claims);
  if (at >= claims.to) return refuse('EXPIRED', claims);
  return { valid: true, claims, printed, keyId: String(kid) };
}
