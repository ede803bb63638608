// Signing and checking notifications: HMAC-SHA256(webhook secret, "<t>.<raw body>") in `Sandbox-Signature`.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signature's timestamp may be from the receiver's clock (decision 0018). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The lower-case hex HMAC-SHA256 of `<timestampSeconds>.<rawBody>`, the body read as UTF-8. */
export function signNotification(secret: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`, 'utf8').digest('hex');
}

/** The `Sandbox-Signature` header value: `t=<unix seconds>,v1=<hex signature>`. */
export function signatureHeader(secret: string, timestampSeconds: number, rawBody: string): string {
  return `t=${timestampSeconds},v1=${signNotification(secret, timestampSeconds, rawBody)}`;
}

export type ParsedSignatureHeader = { timestampSeconds: number; signatures: string[] };

/** Reads `t=…,v1=…[,v1=…]`; unknown schemes are skipped so that a new one can be added beside v1. */
export function parseSignatureHeader(header: string): ParsedSignatureHeader | null {
  let timestampSeconds: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) return null;
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (name === 't') {
      if (timestampSeconds !== null || !/^\d{1,12}$/.test(value)) return null;
      timestampSeconds = Number(value);
    } else if (name === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(value)) return null;
      signatures.push(value);
    }
  }
  if (timestampSeconds === null || signatures.length === 0) return null;
  return { timestampSeconds, signatures };
}

export type SignatureCheck =
  | { ok: true; timestampSeconds: number }
  | { ok: false; reason: 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch' };

/** Checks a notification as a receiver must: header shape, freshness, then the HMAC in constant time. */
export function verifySandboxSignature(options: {
  secret: string;
  header: string | null | undefined;
  rawBody: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): SignatureCheck {
  const parsed = options.header ? parseSignatureHeader(options.header) : null;
  if (!parsed) return { ok: false, reason: 'malformed_header' };
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(options.nowSeconds - parsed.timestampSeconds) > tolerance) {
    return { ok: false, reason: 'timestamp_out_of_tolerance' };
  }
  const expected = Buffer.from(
    signNotification(options.secret, parsed.timestampSeconds, options.rawBody),
    'hex',
  );
  const matches = parsed.signatures.some((signature) =>
    timingSafeEqual(Buffer.from(signature, 'hex'), expected),
  );
  return matches
    ? { ok: true, timestampSeconds: parsed.timestampSeconds }
    : { ok: false, reason: 'signature_mismatch' };
}
