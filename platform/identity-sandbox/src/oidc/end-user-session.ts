// Ending a user's session at an issuer, as its logout does: every grant the session gave a client
// is revoked with its tokens, then the session goes, so the next authorization asks for the password.
import type Provider from 'oidc-provider';

type Session = InstanceType<Provider['Session']>;

export async function revokeGrant(provider: Provider, grantId: string): Promise<void> {
  await Promise.all([
    provider.AccessToken.revokeByGrantId(grantId),
    provider.AuthorizationCode.revokeByGrantId(grantId),
    provider.RefreshToken.revokeByGrantId(grantId),
  ]);
  const grant = await provider.Grant.find(grantId);
  await grant?.destroy();
}

export async function endUserSession(provider: Provider, session: Session): Promise<void> {
  const grantIds = Object.values(session.authorizations ?? {}).flatMap(({ grantId }) =>
    grantId ? [grantId] : [],
  );
  await Promise.all(grantIds.map((grantId) => revokeGrant(provider, grantId)));
  await session.destroy();
}
