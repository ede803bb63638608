// Sign-in through a network's OpenID providers (AUTHENTICATION_CALLS, decision 0044): the attempt,
// the code's exchange, the sign-in, the account's identities and the logout at the provider.
// Handlers only pick what the service needs, call it, and answer.
import { AUTHENTICATION_CALLS } from '@transit-shop/sdk/contract/authentication';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { mountCall } from '../../http/mount-call.ts';
import { authenticate } from './authenticate.ts';
import { exchangeAuthorizationCode } from './exchange-authorization-code.ts';
import { linkIdentity } from './link-identity.ts';
import { listIdentities } from './list-identities.ts';
import { providerLogout } from './provider-logout.ts';
import { startAuthorization } from './start-authorization.ts';
import { unlinkIdentity } from './unlink-identity.ts';

export function signInProviderRoutes() {
  const app = new Hono<AppEnv>();
  const calls = AUTHENTICATION_CALLS;

  mountCall(app, calls.authorizationStateCall, ({ payload, deps, network }) =>
    startAuthorization({
      db: deps.db,
      clock: deps.clock,
      providers: deps.signInProviders,
      network,
      providerId: payload.authProviderId,
      redirectUri: payload.redirectUri,
    }),
  );

  mountCall(app, calls.exchangeAuthorizationCodeCall, ({ payload, deps, network }) =>
    exchangeAuthorizationCode({
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      providers: deps.signInProviders,
      network,
      code: payload.code,
      state: payload.state,
    }),
  );

  mountCall(app, calls.authenticateCall, ({ payload, deps, network }) =>
    authenticate({
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      policy: deps.sessionPolicy,
      keys: deps.identityKeys,
      providers: deps.signInProviders,
      network,
      input: {
        authProviderToken: payload.authProviderToken,
        authProviderId: payload.authProviderId,
        locale: payload.locale,
      },
    }),
  );

  mountCall(app, calls.identitiesCall, ({ deps, network, user }) =>
    listIdentities({ db: deps.db, network, userId: user.id }),
  );

  mountCall(app, calls.createIdentityCall, ({ payload, deps, network, user }) =>
    linkIdentity({
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      providers: deps.signInProviders,
      network,
      user,
      authProviderToken: payload.authProviderToken,
      replace: payload.replace ?? false,
    }),
  );

  mountCall(app, calls.deleteIdentityCall, ({ payload, deps, network, user, session }) =>
    unlinkIdentity({
      db: deps.db,
      clock: deps.clock,
      providers: deps.signInProviders,
      network,
      user,
      session,
      authProviderId: payload.authProviderId,
      authProviderToken: payload.authProviderToken,
    }),
  );

  mountCall(app, calls.providerLogoutCall, ({ payload, deps, network, session }) =>
    providerLogout({
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      providers: deps.signInProviders,
      network,
      session,
      postLogoutRedirectUri: payload.postLogoutRedirectUri,
    }),
  );

  return app;
}
