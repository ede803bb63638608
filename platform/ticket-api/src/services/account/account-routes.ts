// The account calls of spec 02 §7 (ACCOUNT_CALLS) and the route that serves profile pictures.
// Handlers only pick what the service needs, call it, and answer.

import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import { ko } from '@transit-shop/sdk/contract/envelope';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { mountCall } from '../../http/mount-call.ts';
import type { AppDeps } from '../app-deps.ts';
import { extendSession } from './account-sessions.ts';
import { accountStorageOf } from './account-storage.ts';
import { loadUser, toAuthUser, toTravellerProfile } from './auth-user.ts';
import { createProfile } from './create-profile.ts';
import { disableProfile } from './disable-profile.ts';
import { introspectToken } from './introspect-token.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { PICTURE_ROUTE, pictureKeyOf } from './picture-url.ts';
import { reactivateAccount } from './reactivate-account.ts';
import { requestDeletion } from './request-deletion.ts';
import { resetPassword } from './reset-password.ts';
import { sendVerificationEmail } from './send-verification-email.ts';
import { setProfilePassword } from './set-profile-password.ts';
import { signInWithToken } from './sign-in-with-token.ts';
import { updateAccount } from './update-account.ts';
import { updateProfile } from './update-profile.ts';
import { uploadPicture } from './upload-picture.ts';
import { useActionCode } from './use-action-code.ts';
import { verifyAccount } from './verify-account.ts';

const mailOf = (deps: AppDeps) => ({ mailer: deps.mailer, logger: deps.logger, shopPort: deps.shopPort });

export function accountRoutes() {
  const app = new Hono<AppEnv>();
  const calls = ACCOUNT_CALLS;

  mountCall(app, calls.login, async ({ payload, deps, network }) =>
    login({
      ...mailOf(deps),
      db: deps.db,
      clock: deps.clock,
      policy: deps.sessionPolicy,
      keys: deps.identityKeys,
      network,
      input: {
        firebaseToken: payload.firebase_token,
        userId: payload.user_id,
        authAsGuest: payload.authAsGuest,
        forceProfiles: payload.forceProfiles,
        locale: payload.locale,
      },
    }),
  );

  mountCall(app, calls.getUser, async ({ payload, deps, network, user, session }) => ({
    user: await toAuthUser({ db: deps.db, network, user, session, token: payload.userToken }),
  }));

  mountCall(app, calls.signInWithToken, async ({ payload, deps, network }) => ({
    user: await signInWithToken({
      db: deps.db,
      clock: deps.clock,
      policy: deps.sessionPolicy,
      keys: deps.identityKeys,
      network,
      token: payload.token,
    }),
  }));

  mountCall(app, calls.updateAccount, async ({ payload, deps, network, user, session, client }) => {
    const { userToken, userId, signature: _signature, cardNumber, ...changes } = payload;
    if (userId !== session.userId) {
      // One of the holder's traveller profiles (ACC-05); the answer is the holder, profiles included.
      await updateProfile({
        db: deps.db,
        clock: deps.clock,
        holder: user,
        profileId: userId,
        changes: { ...changes, cardNumber },
      });
      return { user: await toAuthUser({ db: deps.db, network, user, session, token: userToken }) };
    }
    if (cardNumber !== undefined) {
      throw new AppError('INVALID_REQUEST', {
        details: { issues: [{ path: 'cardNumber', message: 'Only a traveller profile has a card number' }] },
      });
    }
    const updated = await updateAccount({
      ...mailOf(deps),
      db: deps.db,
      clock: deps.clock,
      network,
      user,
      session,
      networks: deps.networks.all(),
      changes,
      client,
    });
    return { user: await toAuthUser({ db: deps.db, network, user: updated, session, token: userToken }) };
  });

  mountCall(app, calls.uploadPicture, async ({ payload, deps, network, user, session }) => {
    const updated = await uploadPicture({
      db: deps.db,
      clock: deps.clock,
      storage: accountStorageOf(deps),
      logger: deps.logger,
      user,
      file: payload.media,
    });
    return {
      user: await toAuthUser({ db: deps.db, network, user: updated, session, token: payload.userToken }),
    };
  });

  mountCall(app, calls.createProfile, async ({ payload, deps, network, user, session }) => {
    const profile = await createProfile({
      db: deps.db,
      clock: deps.clock,
      holder: user,
      profile: {
        userName: payload.userName,
        userLastname: payload.userLastname,
        userBirthday: payload.userBirthday,
        cardNumber: payload.cardNumber,
      },
    });
    const holder = await loadUser(deps.db, user.id);
    return {
      user: await toAuthUser({ db: deps.db, network, user: holder, session, token: payload.userToken }),
      profile: toTravellerProfile(profile),
    };
  });

  mountCall(app, calls.disableProfile, async ({ payload, deps, network, user, session }) => {
    await disableProfile({ db: deps.db, clock: deps.clock, holder: user, profileId: payload.userId });
    const holder = await loadUser(deps.db, user.id);
    return {
      user: await toAuthUser({ db: deps.db, network, user: holder, session, token: payload.userToken }),
    };
  });

  mountCall(app, calls.setProfilePassword, async ({ payload, deps, network, user, session }) => {
    await setProfilePassword({
      db: deps.db,
      clock: deps.clock,
      holder: user,
      session,
      profileId: payload.userId,
      email: payload.email,
      password: payload.password,
    });
    const holder = await loadUser(deps.db, user.id);
    return {
      user: await toAuthUser({ db: deps.db, network, user: holder, session, token: payload.userToken }),
    };
  });

  mountCall(app, calls.logout, async ({ deps, session }) => {
    await logout({ db: deps.db, clock: deps.clock, session });
    return {};
  });

  mountCall(app, calls.touchSession, async ({ deps, session }) => {
    const extended = await extendSession({
      db: deps.db,
      clock: deps.clock,
      policy: deps.sessionPolicy,
      session,
    });
    return { sessionExpiresAt: extended.idleExpiresAt.toISOString() };
  });

  mountCall(app, calls.introspectToken, ({ payload, deps, network }) =>
    introspectToken({
      db: deps.db,
      clock: deps.clock,
      token: payload.userToken,
      networkId: network.network.config.id,
    }),
  );

  mountCall(app, calls.resetPassword, async ({ payload, deps, network }) => {
    await resetPassword({
      ...mailOf(deps),
      db: deps.db,
      clock: deps.clock,
      network,
      email: payload.email,
      locale: payload.locale,
    });
    return {};
  });

  mountCall(app, calls.sendVerificationEmail, async ({ deps, network, user }) => {
    const { nextRequestAt } = await sendVerificationEmail({
      ...mailOf(deps),
      db: deps.db,
      clock: deps.clock,
      network,
      user,
    });
    return { nextRequestAt: nextRequestAt.toISOString() };
  });

  mountCall(app, calls.verifyAccount, async ({ payload, deps }) => {
    const { verifiedAt } = await verifyAccount({ db: deps.db, clock: deps.clock, code: payload.code });
    return { verifiedAt: verifiedAt.toISOString() };
  });

  mountCall(app, calls.applyActionCode, async ({ payload, deps }) => {
    await useActionCode({
      db: deps.db,
      clock: deps.clock,
      storage: accountStorageOf(deps),
      logger: deps.logger,
      code: payload.code,
      action: payload.action,
      newPassword: payload.newPassword,
    });
    return { action: payload.action };
  });

  mountCall(app, calls.requestDeletion, async ({ deps, network, user }) => {
    const { deletionRequestedAt, deletionEffectiveAt } = await requestDeletion({
      ...mailOf(deps),
      db: deps.db,
      clock: deps.clock,
      network,
      user,
    });
    return {
      deletionRequestedAt: deletionRequestedAt.toISOString(),
      deletionEffectiveAt: deletionEffectiveAt.toISOString(),
    };
  });

  mountCall(app, calls.reactivateAccount, async ({ payload, deps, network, user, session }) => {
    const active = await reactivateAccount({
      ...mailOf(deps),
      db: deps.db,
      clock: deps.clock,
      network,
      user,
      session,
    });
    return {
      user: await toAuthUser({ db: deps.db, network, user: active, session, token: payload.userToken }),
    };
  });

  // The picture an auth user's userPictureUrl names: a download of ours, never rendered as a page.
  app.get(`/${PICTURE_ROUTE}/:name`, async (c) => {
    const key = pictureKeyOf(c.req.param('name'));
    const file = key ? await accountStorageOf(c.var.deps).get(key) : null;
    if (!file) return c.json(ko('NOT_FOUND', 'Nothing is served at this address'), 404);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="picture.${key?.split('.').pop() ?? 'bin'}"`,
      'cross-origin-resource-policy': 'same-origin',
    });
  });

  return app;
}
