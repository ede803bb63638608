import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser, TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import { IDENTITY_CALLS } from '@transit-shop/sdk/contract/identity';
import { isAccountComplete, isAccountVerified } from '@transit-shop/sdk/validation/account-rules';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { sha256Hex } from '../../security/tokens.ts';
import {
  guestLogin,
  koOf,
  loginWith,
  okOf,
  registerAndLogin,
  signInIdentity,
  signUpIdentity,
} from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';
import { createCustomToken } from '../identity/identity-tokens.ts';
import { accountStorageOf } from './account-storage.ts';
import { anonymiseAccount } from './anonymise-account.ts';

const testApp = useTestApp();
const LAKESIDE_ID = 103;

const getUser = (user: { userId: number; userToken: string }, networkId = LUMIERE_ID) =>
  testApp.current.call(ACCOUNT_CALLS.getUser, { userToken: user.userToken, userId: user.userId, networkId });

const createProfile = async (holder: AuthUser, userName: string, userLastname: string) =>
  okOf<{ user: AuthUser; profile: TravellerProfile }>(
    await testApp.current.call(ACCOUNT_CALLS.createProfile, {
      userToken: holder.userToken,
      userId: holder.userId,
      userName,
      userLastname,
    }),
  );

describe('Account/login.json', () => {
  it('AUTH-01 signs in the account of an identity signed in by email and password, with a session on the network', async () => {
    const { email, password } = await signUpIdentity(testApp.current, {
      firstName: 'Léa',
      lastName: 'Martin',
    });
    const identity = await signInIdentity(testApp.current, email, password);
    const { user } = await okOf<{ user: AuthUser }>(await loginWith(testApp.current, identity.idToken));
    expect(user).toMatchObject({
      userName: 'Léa',
      userLastname: 'Martin',
      userMail: email,
      userStatus: 'ACTIVE',
      isParent: true,
      authAsGuest: false,
      verifiedAt: null,
      profiles: [],
      identities: [],
      signedInWith: null,
      deletionRequestedAt: null,
      sessionExpiresAt: new Date(testApp.current.clock.now().getTime() + 60 * 60_000).toISOString(),
    });
    expect(user.customerNumber).toMatch(/^\d{10}$/);
    // API-02: the userToken is a 256-bit random token, stored only as its hash, on this network.
    expect(user.userToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [session] = await testApp.current.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(user.userToken)));
    expect(session).toMatchObject({ userId: user.userId, networkId: LUMIERE_ID });
    expect(JSON.stringify(session)).not.toContain(user.userToken);
    expect(await okOf(await getUser(user))).toEqual({ user: { ...user } });
  });

  it('ACC-01 AUTH-12 answers what the account completeness and verification rules read', async () => {
    const { user } = await registerAndLogin(testApp.current);
    expect(isAccountComplete(user)).toBe(true);
    // Lumière signs in through a default provider: its accounts count as verified (AUTH-12)...
    const lumiere = testApp.current.deps.networks.byId(LUMIERE_ID);
    expect(isAccountVerified(user, lumiere?.network.config.authenticationProviders ?? [])).toBe(true);
    // ...Wahat has none: verifiedAt decides, and a new account has none.
    const wahat = await registerAndLogin(testApp.current, { networkId: WAHAT_ID });
    const providers = testApp.current.deps.networks.byId(WAHAT_ID)?.network.config.authenticationProviders;
    expect(isAccountVerified(wahat.user, providers ?? [])).toBe(false);

    const { db } = testApp.current.deps;
    await db.update(users).set({ firstName: null }).where(eq(users.id, user.userId));
    const { user: incomplete } = await okOf<{ user: AuthUser }>(await getUser(user));
    expect(incomplete.userName).toBeNull();
    expect(isAccountComplete(incomplete)).toBe(false);
  });

  it('keeps the language of the sign-in as the account language', async () => {
    const { identity, user } = await registerAndLogin(testApp.current);
    expect(user.locale).toBe('fr');
    const { user: again } = await okOf<{ user: AuthUser }>(
      await loginWith(testApp.current, identity.idToken, { locale: 'it', originType: 'ESHOP' }),
    );
    expect(again.locale).toBe('it');
  });

  it('AUTH-04 signs a guest in from an anonymous identity where the network takes guest orders', async () => {
    const { user } = await okOf<{ user: AuthUser }>(await guestLogin(testApp.current, LUMIERE_ID));
    expect(user).toMatchObject({
      userStatus: 'GUEST',
      authAsGuest: true,
      isParent: false,
      userMail: null,
      profiles: [],
    });
    expect((await getUser(user)).status).toBe(200);
  });

  it('AUTH-04 NET-03 refuses a guest where has_guest_orders is zero with GUEST_NOT_ALLOWED', async () => {
    expect(await koOf(await guestLogin(testApp.current, WAHAT_ID))).toMatchObject({
      status: 403,
      code: 'GUEST_NOT_ALLOWED',
    });
  });

  it('AUTH-04 refuses authAsGuest with an account identity, and an anonymous identity without it', async () => {
    const { identity } = await registerAndLogin(testApp.current);
    expect(
      await koOf(await loginWith(testApp.current, identity.idToken, { authAsGuest: true })),
    ).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'authAsGuest', message: VALIDATION_MESSAGES.invalid }] },
    });
    const guest = await okOf<{ idToken: string }>(
      await testApp.current.call(IDENTITY_CALLS.signUp, { networkId: LUMIERE_ID, locale: 'fr' }),
    );
    expect(await koOf(await loginWith(testApp.current, guest.idToken))).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'authAsGuest', message: VALIDATION_MESSAGES.required }] },
    });
  });

  it('AUTH-03 answers the active profiles to choose from with forceProfiles, then signs in as the chosen one', async () => {
    const { identity, user: holder } = await registerAndLogin(testApp.current, {
      firstName: 'Léa',
      lastName: 'Martin',
    });
    const { profile: child } = await createProfile(holder, 'Noé', 'Martin');
    const { profile: other } = await createProfile(holder, 'Inès', 'Martin');
    await testApp.current.call(ACCOUNT_CALLS.disableProfile, {
      userToken: holder.userToken,
      userId: other.userId,
    });

    const choice = await okOf<{ profiles?: TravellerProfile[]; user?: AuthUser }>(
      await loginWith(testApp.current, identity.idToken, { forceProfiles: true }),
    );
    expect(choice.user).toBeUndefined();
    expect(choice.profiles?.map((profile) => [profile.userId, profile.userName])).toEqual([
      [holder.userId, 'Léa'],
      [child.userId, 'Noé'],
    ]);

    const { user: asChild } = await okOf<{ user: AuthUser }>(
      await loginWith(testApp.current, identity.idToken, { user_id: child.userId }),
    );
    expect(asChild).toMatchObject({ userId: child.userId, userName: 'Noé', isParent: false, profiles: [] });
    expect((await getUser(asChild)).status).toBe(200);

    const { user: asHolder } = await okOf<{ user: AuthUser }>(
      await loginWith(testApp.current, identity.idToken, { user_id: holder.userId, forceProfiles: true }),
    );
    expect(asHolder.userId).toBe(holder.userId);
  });

  it('AUTH-03 signs in at once with forceProfiles when the account has no active profile', async () => {
    const { identity, user } = await registerAndLogin(testApp.current);
    const answer = await okOf<{ user?: AuthUser }>(
      await loginWith(testApp.current, identity.idToken, { forceProfiles: true }),
    );
    expect(answer.user?.userId).toBe(user.userId);
  });

  it("AUTH-03 refuses a user_id that is not one of the account's active profiles with PROFILE_NOT_FOUND", async () => {
    const { identity } = await registerAndLogin(testApp.current);
    const { user: stranger } = await registerAndLogin(testApp.current);
    const { profile: strangersChild } = await createProfile(stranger, 'Noé', 'Durand');
    for (const userId of [stranger.userId, strangersChild.userId, 999_999]) {
      expect(
        await koOf(await loginWith(testApp.current, identity.idToken, { user_id: userId })),
      ).toMatchObject({
        status: 404,
        code: 'PROFILE_NOT_FOUND',
      });
    }
  });

  it('AUTH-08 a locked email cannot get an id token to sign in with (the identity provider locks it)', async () => {
    const { email } = await registerAndLogin(testApp.current);
    const wrong = () =>
      testApp.current.call(IDENTITY_CALLS.signInWithPassword, {
        email,
        password: 'not-the-password',
        networkId: LUMIERE_ID,
      });
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect((await koOf(await wrong())).code).toBe('INVALID_CREDENTIALS');
    }
    expect((await koOf(await wrong())).code).toBe('ACCOUNT_LOCKED');
    const rightPassword = await testApp.current.call(IDENTITY_CALLS.signInWithPassword, {
      email,
      password: 'Tramway-Line-7!',
      networkId: LUMIERE_ID,
    });
    expect(await koOf(rightPassword)).toMatchObject({ status: 423, code: 'ACCOUNT_LOCKED' });
  });

  it('refuses a token that is not an id token of ours with TOKEN_INVALID "Token is invalid" (API-08)', async () => {
    const { identity } = await registerAndLogin(testApp.current);
    const custom = await createCustomToken({
      keys: testApp.current.deps.identityKeys,
      clock: testApp.current.clock,
      identityAccountId: identity.localId,
    });
    for (const token of ['not-a-jwt', custom, `${identity.idToken.slice(0, -4)}AAAA`]) {
      expect(await koOf(await loginWith(testApp.current, token))).toEqual({
        status: 401,
        code: 'TOKEN_INVALID',
        message: 'Token is invalid',
      });
    }
    testApp.current.clock.advanceMinutes(61);
    expect((await koOf(await loginWith(testApp.current, identity.idToken))).code).toBe('TOKEN_INVALID');
  });

  it('ACC-06 signs in an account within its withdrawal period with userStatus PENDING_DELETION', async () => {
    const { email, password, user } = await registerAndLogin(testApp.current);
    await okOf(
      await testApp.current.call(ACCOUNT_CALLS.requestDeletion, {
        userToken: user.userToken,
        userId: user.userId,
      }),
    );
    const identity = await signInIdentity(testApp.current, email, password);
    const { user: pending } = await okOf<{ user: AuthUser }>(
      await loginWith(testApp.current, identity.idToken),
    );
    expect(pending.userStatus).toBe('PENDING_DELETION');
    expect(pending.deletionRequestedAt).toBe(testApp.current.clock.now().toISOString());
  });

  it('ACC-07 answers ACCOUNT_DELETED to an id token that outlived its erased account', async () => {
    const { identity, user } = await registerAndLogin(testApp.current);
    const { deps, clock } = testApp.current;
    await anonymiseAccount({
      db: deps.db,
      clock,
      storage: accountStorageOf(deps),
      logger: deps.logger,
      userId: user.userId,
      immediate: true,
    });
    expect(await koOf(await loginWith(testApp.current, identity.idToken))).toMatchObject({
      status: 410,
      code: 'ACCOUNT_DELETED',
    });
  });

  it('opens the session on the network the login names, usable there only', async () => {
    const { identity } = await registerAndLogin(testApp.current);
    const { user } = await okOf<{ user: AuthUser }>(
      await loginWith(testApp.current, identity.idToken, {}, LAKESIDE_ID),
    );
    expect((await getUser(user, LAKESIDE_ID)).status).toBe(200);
    expect((await koOf(await getUser(user, LUMIERE_ID))).code).toBe('TOKEN_INVALID');
  });
});

describe('Account/getUser.json', () => {
  it('API-02 answers the user of the session, and FORBIDDEN for another user id', async () => {
    const { user } = await registerAndLogin(testApp.current);
    const { user: other } = await registerAndLogin(testApp.current);
    expect((await okOf<{ user: AuthUser }>(await getUser(user))).user.userId).toBe(user.userId);
    expect(await koOf(await getUser({ userId: other.userId, userToken: user.userToken }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await koOf(await getUser({ userId: user.userId, userToken: 'never-issued' }))).toMatchObject({
      status: 401,
      code: 'TOKEN_INVALID',
    });
  });
});

describe('Account/signinWithToken', () => {
  const signInWithToken = (token: string) => testApp.current.call(ACCOUNT_CALLS.signInWithToken, { token });

  it('opens a session from a custom token of the identity module', async () => {
    const { identity, user } = await registerAndLogin(testApp.current);
    const token = await createCustomToken({
      keys: testApp.current.deps.identityKeys,
      clock: testApp.current.clock,
      identityAccountId: identity.localId,
    });
    const { user: signedIn } = await okOf<{ user: AuthUser }>(await signInWithToken(token));
    expect(signedIn.userId).toBe(user.userId);
    expect(signedIn.userToken).not.toBe(user.userToken);
    expect((await getUser(signedIn)).status).toBe(200);
  });

  it('refuses an id token, an expired or forged custom token with TOKEN_INVALID', async () => {
    const { identity } = await registerAndLogin(testApp.current);
    const { clock, deps } = testApp.current;
    const custom = await createCustomToken({
      keys: deps.identityKeys,
      clock,
      identityAccountId: identity.localId,
    });
    for (const token of [identity.idToken, `${custom}x`]) {
      expect((await koOf(await signInWithToken(token))).code).toBe('TOKEN_INVALID');
    }
    clock.advanceMinutes(6);
    expect((await koOf(await signInWithToken(custom))).code).toBe('TOKEN_INVALID');
  });

  it('answers ACCOUNT_DELETED for the custom token of an erased account', async () => {
    const { identity, user } = await registerAndLogin(testApp.current);
    const { clock, deps } = testApp.current;
    const custom = await createCustomToken({
      keys: deps.identityKeys,
      clock,
      identityAccountId: identity.localId,
    });
    await anonymiseAccount({
      db: deps.db,
      clock,
      storage: accountStorageOf(deps),
      logger: deps.logger,
      userId: user.userId,
      immediate: true,
    });
    expect((await koOf(await signInWithToken(custom))).code).toBe('ACCOUNT_DELETED');
  });
});
