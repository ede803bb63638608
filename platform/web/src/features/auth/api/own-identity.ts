// The account's own identity (its email and password at the shop's identity provider) behind the
// session's identity tokens: whether it has a password, and giving it its email and first password
// (IDP-03). The id token kept in the cookie may have expired: a fresh one is asked first.
import type { IdentityTokens } from '@transit-shop/flows/session/session.machine';
import {
  type IdentitySession,
  identityLookupCall,
  identityTokenCall,
  identityUpdateCall,
} from '@transit-shop/sdk/contract/identity';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { TicketClient } from '../../../lib/api-client.ts';

/** Receives the identity's new tokens: a refresh token is spent once used, so its successor must be kept. */
export type KeepIdentityTokens = (tokens: IdentityTokens) => void;

async function freshIdToken(
  client: TicketClient,
  identity: IdentityTokens,
  keep: KeepIdentityTokens,
): Promise<string> {
  const { idToken, refreshToken } = await client.call(identityTokenCall, {
    grant_type: 'refresh_token',
    refresh_token: identity.refreshToken,
  });
  keep({ idToken, refreshToken });
  return idToken;
}

/** Whether the session's identity has a password; false without an identity or when it cannot be read. */
export async function hasOwnPassword(
  client: TicketClient,
  identity: IdentityTokens | null,
  keep: KeepIdentityTokens,
): Promise<boolean> {
  if (!identity) return false;
  try {
    const { hasPassword } = await client.call(identityLookupCall, {
      idToken: await freshIdToken(client, identity, keep),
    });
    return hasPassword;
  } catch {
    // Asked for below instead: the server refuses an unlink without a password (IDENTITY_PASSWORD_REQUIRED).
    return false;
  }
}

/** identity/update: the identity's email and first password; answers its new tokens. */
export async function setOwnCredentials(
  client: TicketClient,
  identity: IdentityTokens | null,
  credentials: { email: string; password: string },
  keep: KeepIdentityTokens,
): Promise<IdentityTokens> {
  // A session opened without an identity of its own (a card sign-in) signs in again first.
  if (!identity) throw new AppError('USER_NOT_CONNECTED');
  const updated: IdentitySession = await client.call(identityUpdateCall, {
    idToken: await freshIdToken(client, identity, keep),
    email: credentials.email,
    password: credentials.password,
  });
  return { idToken: updated.idToken, refreshToken: updated.refreshToken };
}
