// Identifiers of the sandbox's resources: a prefix telling the kind, then 96 random bits in hex.
import { randomBytes } from 'node:crypto';

export type IdPrefix = 'chk' | 'pay' | 'pm' | 'evt';

export const newId = (prefix: IdPrefix) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** A secret for a page's forms: 256 random bits. */
export const newFormToken = () => randomBytes(32).toString('base64url');
