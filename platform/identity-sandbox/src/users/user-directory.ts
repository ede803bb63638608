// One issuer's users, in memory: a restart forgets the users the admin API made. Users sign in with
// their username or their email, in any case, as in Keycloak; passwords are kept as scrypt hashes.
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { AccountClaims } from './user-claims.ts';

export type SandboxUser = {
  /** Stable: derived from the issuer's path and the username, so a restart gives the same one. */
  sub: string;
  username: string;
  claims: AccountClaims;
};

type StoredUser = SandboxUser & { salt: Buffer; hash: Buffer };

const KEY_LENGTH = 32;

const hashOf = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** A UUID (version 8, RFC 9562's custom kind) from a SHA-256 of the issuer's path and the username. */
export function subjectOf(issuerPath: string, username: string): string {
  const bytes = createHash('sha256')
    .update(`${issuerPath}\n${username.toLowerCase()}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;

export function createUserDirectory(issuerPath: string) {
  const bySub = new Map<string, StoredUser>();
  /** Usernames and emails, lower-cased: each names one user. */
  const byLogin = new Map<string, StoredUser>();
  // Unknown logins cost a hash too, so the time taken does not tell which usernames exist.
  const decoySalt = randomBytes(16);

  const loginsOf = (username: string, claims: AccountClaims) =>
    [username, typeof claims.email === 'string' ? claims.email : undefined]
      .filter((login): login is string => Boolean(login))
      .map((login) => login.toLowerCase());

  return {
    /** Adds a user; `taken` when its username or email already names someone. */
    async add(user: {
      username: string;
      password: string;
      claims: AccountClaims;
    }): Promise<SandboxUser | 'taken'> {
      const logins = loginsOf(user.username, user.claims);
      if (logins.some((login) => byLogin.has(login))) return 'taken';
      const salt = randomBytes(16);
      const hash = await hashOf(user.password, salt);
      // Checked again: another call may have taken the name while this one hashed.
      if (logins.some((login) => byLogin.has(login))) return 'taken';
      const stored: StoredUser = {
        sub: subjectOf(issuerPath, user.username),
        username: user.username,
        claims: user.claims,
        salt,
        hash,
      };
      bySub.set(stored.sub, stored);
      for (const login of logins) byLogin.set(login, stored);
      return publicUser(stored);
    },

    /** The user whose username or email and password these are. */
    async authenticate(login: string, password: string): Promise<SandboxUser | undefined> {
      const stored = byLogin.get(login.trim().toLowerCase());
      const hash = await hashOf(password, stored?.salt ?? decoySalt);
      if (!stored || !timingSafeEqual(hash, stored.hash)) return undefined;
      return publicUser(stored);
    },

    find(sub: string): SandboxUser | undefined {
      const stored = bySub.get(sub);
      return stored && publicUser(stored);
    },
  };
}

const publicUser = ({ sub, username, claims }: StoredUser): SandboxUser => ({ sub, username, claims });
