import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { describe, expect, it } from 'vitest';
import { addMinutes } from '../../clock.ts';
import { koOf, okOf, registerAndLogin, signInIdentity } from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';

const testApp = useTestApp();

const getUser = (user: { userToken: string; userId: number }) =>
  testApp.current.call(ACCOUNT_CALLS.getUser, {
    userToken: user.userToken,
    userId: user.userId,
    networkId: LUMIERE_ID,
  });
const introspect = (userToken: string, networkId = LUMIERE_ID) =>
  testApp.current.call(ACCOUNT_CALLS.introspectToken, { userToken }, { networkId });

describe('Account/logout.json', () => {
  it("AUTH-07 ends the session: the token no longer works, another device's session does", async () => {
    const { user, email, password } = await registerAndLogin(testApp.current);
    const otherSignIn = await signInIdentity(testApp.current, email, password);
    const { user: otherDevice } = await okOf<{ user: AuthUser }>(
      await testApp.current.call(ACCOUNT_CALLS.login, {
        firebase_token: otherSignIn.idToken,
        network_id: LUMIERE_ID,
      }),
    );
    expect(
      await okOf(
        await testApp.current.call(ACCOUNT_CALLS.logout, { userToken: user.userToken, user_id: user.userId }),
      ),
    ).toEqual({});
    expect((await koOf(await getUser(user))).code).toBe('SESSION_EXPIRED');
    expect((await getUser(otherDevice)).status).toBe(200);
    // A second logout with the ended session is a session problem, not a server error.
    const again = await testApp.current.call(ACCOUNT_CALLS.logout, {
      userToken: user.userToken,
      user_id: user.userId,
    });
    expect(await koOf(again)).toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
  });
});

describe('Account/touch', () => {
  it('AUTH-10 moves the idle expiry forward and answers it', async () => {
    const { clock } = testApp.current;
    const { user } = await registerAndLogin(testApp.current);
    clock.advanceMinutes(50);
    const { sessionExpiresAt } = await okOf<{ sessionExpiresAt: string }>(
      await testApp.current.call(ACCOUNT_CALLS.touchSession, {
        userToken: user.userToken,
        userId: user.userId,
      }),
    );
    expect(sessionExpiresAt).toBe(addMinutes(clock.now(), 60).toISOString());
    clock.advanceMinutes(50);
    expect((await getUser(user)).status).toBe(200);
    clock.advanceMinutes(61);
    expect(
      (
        await koOf(
          await testApp.current.call(ACCOUNT_CALLS.touchSession, {
            userToken: user.userToken,
            userId: user.userId,
          }),
        )
      ).code,
    ).toBe('SESSION_EXPIRED');
  });
});

describe('Account/introspectToken.json', () => {
  it('answers a live token with its user and expiry, without extending it', async () => {
    const { clock } = testApp.current;
    const { user } = await registerAndLogin(testApp.current);
    clock.advanceMinutes(30);
    expect(await okOf(await introspect(user.userToken))).toEqual({
      active: true,
      userId: user.userId,
      expiresAt: user.sessionExpiresAt,
    });
    clock.advanceMinutes(31);
    expect(await okOf(await introspect(user.userToken))).toEqual({
      active: false,
      userId: null,
      expiresAt: null,
    });
  });

  it('answers active false, not an error, for an ended, unknown or foreign token', async () => {
    const { user } = await registerAndLogin(testApp.current);
    expect(await okOf(await introspect(user.userToken, WAHAT_ID))).toEqual({
      active: false,
      userId: null,
      expiresAt: null,
    });
    expect((await okOf<{ active: boolean }>(await introspect('never-issued'))).active).toBe(false);
    await okOf(
      await testApp.current.call(ACCOUNT_CALLS.logout, { userToken: user.userToken, user_id: user.userId }),
    );
    expect((await okOf<{ active: boolean }>(await introspect(user.userToken))).active).toBe(false);
  });
});
