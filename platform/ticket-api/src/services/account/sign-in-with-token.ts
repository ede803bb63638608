// Account/signinWithToken: a custom token made by the identity module (createCustomToken: an
// emailed sign-in link, a card sign-in) opens a session on the network, like a login.
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { IdentityKeys } from '../identity/identity-keys.ts';
import { verifyCustomToken } from '../identity/identity-tokens.ts';
import { createSession } from '../sessions/create-session.ts';
import type { SessionPolicy } from '../sessions/session-policy.ts';
import { toAuthUser } from './auth-user.ts';
import { accountOfIdentity, assertGuestsAllowed } from './identity-of-account.ts';

export async function signInWithToken(options: {
  db: Database;
  clock: Clock;
  policy: SessionPolicy;
  keys: IdentityKeys;
  network: LoadedNetwork;
  token: string;
}): Promise<AuthUser> {
  const { db, clock, network } = options;
  const identityAccountId = await verifyCustomToken(options.token, { keys: options.keys, clock });
  const { identity, user } = await accountOfIdentity(db, identityAccountId);
  if (identity.anonymous) assertGuestsAllowed(network);
  const { token, session } = await createSession({
    db,
    clock,
    policy: options.policy,
    userId: user.id,
    networkId: network.network.config.id,
  });
  return toAuthUser({ db, network, user, session, token });
}
