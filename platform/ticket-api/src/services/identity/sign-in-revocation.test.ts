// One sign-in's tokens end together (decision 0024): after a logout, a password reset, a deletion
// request or a reactivation, the refresh token no longer gets new tokens and the id token no longer
// opens a session through Account/login.json; another device's sign-in survives a logout.
import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { IDENTITY_CALLS, type IdentitySession } from '@transit-shop/sdk/contract/identity';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/identity.ts';
import { sha256Hex } from '../../security/tokens.ts';
import {
  koOf,
  loginWith,
  NEW_PASSWORD,
  okOf,
  registerAndLogin,
  signInIdentity,
} from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, type TestApp, useTestApp } from '../../test-support/test-app.ts';
import { issueOneTimeCode } from '../account/one-time-codes.ts';
import { issueRefreshToken } from './refresh-tokens.ts';

const testApp = useTestApp();

type Device = { identity: IdentitySession; user: AuthUser };

/** A device signed in as the web app does: identity/signInWithPassword, then Account/login.json. */
async function signInDevice(app: TestApp, email: string, password: string): Promise<Device> {
  const identity = await signInIdentity(app, email, password);
  const { user } = await okOf<{ user: AuthUser }>(await loginWith(app, identity.idToken));
  return { identity, user };
}

const refresh = (refreshToken: string) =>
  testApp.current.call(IDENTITY_CALLS.token, { grant_type: 'refresh_token', refresh_token: refreshToken });

const session = (user: AuthUser) => ({ userToken: user.userToken, userId: user.userId });

const logout = (user: AuthUser) =>
  testApp.current.call(ACCOUNT_CALLS.logout, { userToken: user.userToken, user_id: user.userId });

/** Whether the device's refresh token, id token and session are all refused. */
async function expectSignedOut(device: Device): Promise<void> {
  expect((await koOf(await refresh(device.identity.refreshToken))).code).toBe('TOKEN_INVALID');
  expect((await koOf(await loginWith(testApp.current, device.identity.idToken))).code).toBe('TOKEN_INVALID');
  const lookup = await testApp.current.call(IDENTITY_CALLS.lookup, { idToken: device.identity.idToken });
  expect((await koOf(lookup)).code).toBe('TOKEN_INVALID');
  const getUser = await testApp.current.call(ACCOUNT_CALLS.getUser, {
    ...session(device.user),
    networkId: LUMIERE_ID,
  });
  expect((await koOf(getUser)).code).toBe('SESSION_EXPIRED');
}

/** Whether the device's refresh token still gets new tokens, and those open a session. */
async function expectSignedIn(device: Device): Promise<void> {
  const getUser = await testApp.current.call(ACCOUNT_CALLS.getUser, {
    ...session(device.user),
    networkId: LUMIERE_ID,
  });
  expect(getUser.status).toBe(200);
  const renewed = await okOf<IdentitySession>(await refresh(device.identity.refreshToken));
  expect((await loginWith(testApp.current, renewed.idToken)).status).toBe(200);
}

describe('a logout', () => {
  it('ends the sign-in: its refresh token gets no new tokens and its id token opens no session', async () => {
    const { email, password } = await registerAndLogin(testApp.current);
    const device = await signInDevice(testApp.current, email, password);
    expect(await okOf(await logout(device.user))).toEqual({});
    await expectSignedOut(device);
  });

  it("leaves another device's sign-in working: its refresh token, id token and session", async () => {
    const { email, password } = await registerAndLogin(testApp.current);
    const leaving = await signInDevice(testApp.current, email, password);
    const staying = await signInDevice(testApp.current, email, password);
    await okOf(await logout(leaving.user));
    await expectSignedOut(leaving);
    expect((await loginWith(testApp.current, staying.identity.idToken)).status).toBe(200);
    await expectSignedIn(staying);
  });

  it('ends the id tokens a refresh made before it, and a refresh token of that sign-in made after it', async () => {
    const { email, password } = await registerAndLogin(testApp.current);
    const device = await signInDevice(testApp.current, email, password);
    const renewed = await okOf<IdentitySession>(await refresh(device.identity.refreshToken));
    await okOf(await logout(device.user));
    expect((await koOf(await loginWith(testApp.current, renewed.idToken))).code).toBe('TOKEN_INVALID');
    expect((await koOf(await refresh(renewed.refreshToken))).code).toBe('TOKEN_INVALID');
    // A refresh that raced the logout stores its new token after it: that token is dead too.
    const { deps, clock } = testApp.current;
    const late = await issueRefreshToken({
      db: deps.db,
      clock,
      identityAccountId: renewed.localId,
      familyId: await familyOf(renewed.refreshToken),
    });
    expect((await koOf(await refresh(late))).code).toBe('TOKEN_INVALID');
  });
});

/** The sign-in (family) of a refresh token, read from the database. */
async function familyOf(refreshToken: string): Promise<string> {
  const [row] = await testApp.current.deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)));
  if (!row) throw new Error('unknown refresh token');
  return row.familyId;
}

describe('signing out every device', () => {
  it('a password reset ends every sign-in of the account', async () => {
    const { email, password, user } = await registerAndLogin(testApp.current);
    const phone = await signInDevice(testApp.current, email, password);
    const laptop = await signInDevice(testApp.current, email, password);
    const { deps, clock } = testApp.current;
    const code = await issueOneTimeCode({
      db: deps.db,
      clock,
      userId: user.userId,
      networkId: LUMIERE_ID,
      purpose: 'PASSWORD_RESET',
      email,
    });
    await okOf(
      await testApp.current.call(ACCOUNT_CALLS.applyActionCode, {
        code,
        action: 'LEGACY_PASSWORD_CHANGE',
        newPassword: NEW_PASSWORD,
      }),
    );
    await expectSignedOut(phone);
    await expectSignedOut(laptop);
    // The new password signs in afresh.
    await expectSignedIn(await signInDevice(testApp.current, email, NEW_PASSWORD));
  });

  it('ACC-06 a deletion request ends every sign-in of the account', async () => {
    const { email, password } = await registerAndLogin(testApp.current);
    const phone = await signInDevice(testApp.current, email, password);
    const laptop = await signInDevice(testApp.current, email, password);
    await okOf(await testApp.current.call(ACCOUNT_CALLS.requestDeletion, session(laptop.user)));
    await expectSignedOut(phone);
    await expectSignedOut(laptop);
  });

  it('ACC-07 a reactivation ends every other sign-in of the account and keeps the one that reactivated', async () => {
    const { email, password } = await registerAndLogin(testApp.current);
    const first = await signInDevice(testApp.current, email, password);
    await okOf(await testApp.current.call(ACCOUNT_CALLS.requestDeletion, session(first.user)));
    // Within the withdrawal period two devices sign in; one of them reactivates the account.
    const other = await signInDevice(testApp.current, email, password);
    const reactivating = await signInDevice(testApp.current, email, password);
    const { user } = await okOf<{ user: AuthUser }>(
      await testApp.current.call(ACCOUNT_CALLS.reactivateAccount, session(reactivating.user)),
    );
    expect(user.userStatus).toBe('ACTIVE');
    await expectSignedOut(other);
    await expectSignedIn(reactivating);
  });

  it("VAL-04 a password change keeps the caller's sign-in and ends the others", async () => {
    const { email, password } = await registerAndLogin(testApp.current);
    const caller = await signInDevice(testApp.current, email, password);
    const other = await signInDevice(testApp.current, email, password);
    await okOf(
      await testApp.current.call(ACCOUNT_CALLS.updateAccount, {
        ...session(caller.user),
        currentPassword: password,
        newPassword: NEW_PASSWORD,
      }),
    );
    await expectSignedOut(other);
    await expectSignedIn(caller);
  });
});
