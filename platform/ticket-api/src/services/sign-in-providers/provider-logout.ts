// authentication/logout (spec 01 §4, AUTH-07, decision 0044): ends the session at the provider it was
// opened with, before the shop's own logout. Keycloak's session is ended here with its logout form
// (a failure there is logged and the shop's logout goes on); FranceConnect's by the browser, sent
// to its end-session page (RP-initiated logout), which comes back to the shop's /auth/logout page.
// The provider's tokens are forgotten either way.
import { type LoadedNetwork, usesIdentitySandbox } from '@transit-shop/tenancy';
import { eq } from 'drizzle-orm';
import * as openid from 'openid-client';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type SessionRow, sessions } from '../../db/schema/sessions.ts';
import type { Logger } from '../../logger.ts';
import { sessionProviderOf } from '../sessions/session-provider.ts';
import type { SignInProvider, SignInProviders } from './provider-registry.ts';
import { LOGOUT_RETURN_PATH, returnPathOf } from './return-uris.ts';

/** Keycloak's logout with a refresh token (its REST form, spec 02 §7 "Custom provider logout"). */
async function endKeycloakSession(
  providers: SignInProviders,
  provider: SignInProvider,
  refreshToken: string,
): Promise<void> {
  if (new URL(provider.resolvedIssuer).protocol !== 'https:' && !usesIdentitySandbox(provider.issuer))
    throw new Error('only the identity sandbox may be reached over plain HTTP');
  const form = new URLSearchParams({
    grant_type: 'refresh_token',
    client_id: provider.clientId,
    client_secret: providers.secretOf(provider),
    refresh_token: refreshToken,
  });
  const response = await fetch(`${provider.resolvedIssuer}/protocol/openid-connect/logout`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    signal: AbortSignal.timeout(providers.timeoutSeconds * 1000),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the provider answered ${response.status}`);
}

export async function providerLogout(options: {
  db: Database;
  clock: Clock;
  logger: Logger;
  providers: SignInProviders;
  network: LoadedNetwork;
  session: SessionRow;
  postLogoutRedirectUri: string;
}): Promise<{ endSessionUrl: string | null }> {
  const { db, network, session, logger } = options;
  returnPathOf(
    network,
    options.postLogoutRedirectUri,
    { logout: LOGOUT_RETURN_PATH },
    { field: 'postLogoutRedirectUri', withQuery: true },
  );
  const configured = sessionProviderOf(network, session);
  const { providerRefreshToken: refreshToken, providerIdToken: idToken } = session;
  if (refreshToken !== null || idToken !== null) {
    await db
      .update(sessions)
      .set({ providerRefreshToken: null, providerIdToken: null })
      .where(eq(sessions.id, session.id));
  }
  if (!configured) return { endSessionUrl: null };
  const provider = options.providers.providerOf(network, configured.id);
  const failed = (error: unknown) => {
    logger.warn(
      { err: error, networkId: provider.networkId, providerId: provider.id },
      'the session could not be ended at its sign-in provider',
    );
    return { endSessionUrl: null };
  };

  if (provider.driver === 'KEYCLOAK') {
    if (refreshToken === null) return { endSessionUrl: null };
    return endKeycloakSession(options.providers, provider, refreshToken).then(
      () => ({ endSessionUrl: null }),
      failed,
    );
  }
  if (idToken === null) return { endSessionUrl: null };
  try {
    const configuration = await options.providers.configurationOf(provider);
    const url = openid.buildEndSessionUrl(configuration, {
      id_token_hint: idToken,
      post_logout_redirect_uri: new URL(options.postLogoutRedirectUri).href,
      state: openid.randomState(),
    });
    return { endSessionUrl: url.href };
  } catch (error) {
    return failed(error);
  }
}
