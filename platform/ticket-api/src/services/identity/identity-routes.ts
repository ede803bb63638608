// The identity provider's calls (IDENTITY_CALLS), served under identity/ and signed like every call.
import { IDENTITY_CALLS } from '@transit-shop/sdk/contract/identity';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { mountCall } from '../../http/mount-call.ts';
import type { AppDeps } from '../app-deps.ts';
import type { IdentityContext } from './identity-session.ts';
import { lookupIdentity } from './lookup-identity.ts';
import { refreshIdToken } from './refresh-id-token.ts';
import { signInWithCustomToken } from './sign-in-with-custom-token.ts';
import { signInWithPassword } from './sign-in-with-password.ts';
import { signUp } from './sign-up.ts';
import { updateIdentity } from './update-identity.ts';

const contextOf = (deps: AppDeps): IdentityContext => ({
  db: deps.db,
  clock: deps.clock,
  keys: deps.identityKeys,
});

export function identityRoutes() {
  const app = new Hono<AppEnv>();
  mountCall(app, IDENTITY_CALLS.signInWithPassword, async ({ payload, deps, client }) => {
    const { session, deviceToken } = await signInWithPassword({
      ...contextOf(deps),
      email: payload.email,
      password: payload.password,
      client,
    });
    client.setDeviceToken(deviceToken);
    return session;
  });
  mountCall(app, IDENTITY_CALLS.signInWithCustomToken, ({ payload, deps }) =>
    signInWithCustomToken({ ...contextOf(deps), token: payload.token }),
  );
  mountCall(app, IDENTITY_CALLS.signUp, ({ payload, deps }) => {
    const { networkId: _network, signature: _signature, ...input } = payload;
    return signUp({ ...contextOf(deps), input });
  });
  mountCall(app, IDENTITY_CALLS.update, ({ payload, deps, client }) =>
    updateIdentity({
      ...contextOf(deps),
      idToken: payload.idToken,
      changes: { email: payload.email, password: payload.password, currentPassword: payload.currentPassword },
      client,
      networks: deps.networks.all(),
    }),
  );
  mountCall(app, IDENTITY_CALLS.lookup, ({ payload, deps }) =>
    lookupIdentity({ ...contextOf(deps), idToken: payload.idToken }),
  );
  mountCall(app, IDENTITY_CALLS.token, ({ payload, deps }) =>
    refreshIdToken({ ...contextOf(deps), refreshToken: payload.refresh_token }),
  );
  return app;
}
