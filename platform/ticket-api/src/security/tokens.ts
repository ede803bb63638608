// Random tokens handed to clients and the hashes stored in their place.
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits by default, base64url (43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 of a token in hex: what the database keeps, so a leaked table holds no usable token. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
