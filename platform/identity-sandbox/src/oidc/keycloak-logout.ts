// Keycloak's back-channel logout form: POST <realm>/protocol/openid-connect/logout with the client's
// credentials and the user's refresh token ends the user's session at the realm, as the shop's
// logout does for a KEYCLOAK session (decision 0044). The same path without a refresh token stays
// oidc-provider's RP-initiated logout.
import type Provider from 'oidc-provider';
import { endUserSession, revokeGrant } from './end-user-session.ts';

export type LogoutOutcome =
  | { status: 204 }
  | { status: 400 | 401; body: { error: string; error_description: string } };

const UNAUTHORIZED: LogoutOutcome = {
  status: 401,
  body: { error: 'unauthorized_client', error_description: 'Invalid client or Invalid client credentials' },
};

const invalidGrant = (description: string): LogoutOutcome => ({
  status: 400,
  body: { error: 'invalid_grant', error_description: description },
});

// RFC 6749 §2.3.1: the id and secret are form-encoded before they are joined and base64-encoded.
const formDecoded = (value: string) => decodeURIComponent(value.replace(/\+/g, '%20'));

/** The client's credentials from HTTP Basic, else from the form (client_secret_post). */
export function clientCredentialsOf(
  form: URLSearchParams,
  authorization: string | undefined,
): { clientId: string; clientSecret: string } | undefined {
  if (authorization !== undefined) {
    const [scheme, encoded] = authorization.split(' ');
    if (scheme?.toLowerCase() !== 'basic' || !encoded) return undefined;
    const basic = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = basic.indexOf(':');
    if (colon < 1) return undefined;
    try {
      const clientId = formDecoded(basic.slice(0, colon));
      const clientSecret = formDecoded(basic.slice(colon + 1));
      const named = form.get('client_id');
      if (named !== null && named !== clientId) return undefined;
      return { clientId, clientSecret };
    } catch {
      return undefined;
    }
  }
  const clientId = form.get('client_id');
  const clientSecret = form.get('client_secret');
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

export async function keycloakLogout(
  provider: Provider,
  form: URLSearchParams,
  authorization: string | undefined,
): Promise<LogoutOutcome> {
  const credentials = clientCredentialsOf(form, authorization);
  if (!credentials) return UNAUTHORIZED;
  const client = await provider.Client.find(credentials.clientId);
  if (!client || !(await client.compareClientSecret(credentials.clientSecret))) return UNAUTHORIZED;

  const token = await provider.RefreshToken.find(form.get('refresh_token') ?? '');
  if (!token?.isValid) return invalidGrant('Invalid refresh token');
  if (token.clientId !== client.clientId)
    return invalidGrant("Invalid refresh token. Token client and authorized client don't match");

  const session = token.sessionUid ? await provider.Session.findByUid(token.sessionUid) : undefined;
  if (session) await endUserSession(provider, session);
  // Also when the session had already ended: the token must not outlive the logout.
  if (token.grantId) await revokeGrant(provider, token.grantId);
  return { status: 204 };
}
